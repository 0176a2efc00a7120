import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectCartCount, useCartStore } from '@shop/shared';
import { shellConfig } from '../../app/config.ts';
import { headerCss } from './header.css.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

function PersonIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="26" height="26" viewBox="0 0 24 24">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="26" height="26" viewBox="0 0 24 24">
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="20" r="1.5" fill="currentColor" />
      <circle cx="17" cy="20" r="1.5" fill="currentColor" />
    </svg>
  );
}

/**
 * Screen readers hear the cart count when it changes (an item added on any page, or in another tab), not
 * when the page starts: a polite live region outside the link, whose text is set only on a change.
 */
function useCartAnnouncement(count: number): string {
  const { t } = useTranslation();
  const previous = useRef(count);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (previous.current === count) return;
    previous.current = count;
    setAnnouncement(t('shell.header.cartChanged', { count }));
  }, [count, t]);
  return announcement;
}

/** Header of docs/product-rules.md#screens: logo to the school's site, person icon to the account, cart icon with its count. */
export function Header() {
  const { t } = useTranslation();
  const count = useCartStore(selectCartCount);
  const announcement = useCartAnnouncement(count);
  return (
    <header className="shell-header">
      <style href="shell-header" precedence="default">{headerCss}</style>
      <a className="shell-header__logo" href={shellConfig.schoolUrl} aria-label={t('shell.header.homeLabel')}>
        {t('shell.header.logo')}
      </a>
      <nav aria-label={t('shell.header.mainNavigation')} className="shell-header__nav">
        <LanguageSwitcher />
        <Link to="/account-data" className="shell-header__icon" aria-label={t('shell.header.account')}>
          <PersonIcon />
        </Link>
        <Link to="/cart" className="shell-header__icon" aria-label={t('shell.header.cartCount', { count })}>
          <CartIcon />
          <span className="shell-header__badge" data-testid="cart-count" aria-hidden="true">
            {count}
          </span>
        </Link>
      </nav>
      <span className="shop-visually-hidden" role="status" aria-live="polite" data-testid="cart-announcement">
        {announcement}
      </span>
    </header>
  );
}
