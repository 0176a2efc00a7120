import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { CourseType, fetchBalances, selectIsLoggedIn, useAuthStore, type Balance } from '@shop/shared';

/** The login link with the current path as redirect (docs/product-rules.md#screens Cart). */
export function useLoginPath(): string {
  const location = useLocation();
  return `/login?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` }).toString()}`;
}

/** A customer sees the balances their packages left; a guest a prompt to log in (docs/product-rules.md#screens: instead of balances). */
export function AccountPanel() {
  const { t } = useTranslation();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const token = useAuthStore((state) => state.token);
  const loginPath = useLoginPath();
  const [balances, setBalances] = useState<Balance[] | null | 'failed'>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchBalances().then(
      (result) => live && setBalances(result),
      () => live && setBalances('failed'),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (!loggedIn) {
    return (
      <section className="cart-panel" aria-labelledby="cart-login-prompt">
        <p id="cart-login-prompt">{t('cartCheckout.account.loginPrompt')}</p>
        <Link to={loginPath} className="shop-button shop-button--secondary">
          {t('cartCheckout.account.login')}
        </Link>
      </section>
    );
  }
  const balance = (list: Balance[], typeId: number) => list.find((b) => b.typeId === typeId)?.balance ?? 0;
  // Nothing until the balances are in: a "0" meanwhile would tell a customer with credits that they have none.
  return (
    <section
      className="cart-panel"
      aria-labelledby="cart-balances"
      aria-busy={balances === null}
      data-testid="cart-balances"
    >
      <h2 id="cart-balances">{t('cartCheckout.account.balancesTitle')}</h2>
      {balances === 'failed' ? (
        <p>{t('cartCheckout.account.balancesFailed')}</p>
      ) : balances ? (
        <ul>
          <li>
            {t('cartCheckout.account.conversationHours', { count: balance(balances, CourseType.conversationHours) })}
          </li>
          <li>
            {t('cartCheckout.account.flexibleModules', { count: balance(balances, CourseType.flexibleAppointment) })}
          </li>
        </ul>
      ) : null}
    </section>
  );
}
