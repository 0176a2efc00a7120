import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  Banner,
  fetchWaitlistOffer,
  formatDateTime,
  pickText,
  selectIsLoggedIn,
  useAuthStore,
  useCartStore,
  type WaitlistOffer,
} from '@shop/shared';
import { courseCartItem } from '../cart/cartItems.ts';
import { WaitlistPage } from './WaitlistPage.tsx';

type State = { status: 'loading' } | { status: 'gone' } | { status: 'ready'; offer: WaitlistOffer };

/**
 * /waitlist/offer?token=…: the link of an offer mail. Puts the held place into the cart (with the offer's token,
 * so the price and the order may use it) and leads on to checkout, the way the cart's button would.
 */
export function OfferPage() {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const token = new URLSearchParams(search).get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    fetchWaitlistOffer(token)
      .then((offer) => {
        if (!active) return;
        const cart = useCartStore.getState();
        // One line per course: an earlier line of this course would not carry the token.
        for (const line of cart.items)
          if (line.itemType === 'course' && line.courseId === offer.course.id) cart.removeItem(line.id);
        cart.addItem(courseCartItem(offer.course, token));
        setState({ status: 'ready', offer });
      })
      .catch(() => active && setState({ status: 'gone' }));
    return () => {
      active = false;
    };
  }, [token]);

  const checkout = loggedIn ? '/checkout' : '/checkout-auth';
  useEffect(() => {
    if (state.status === 'ready') navigate(checkout);
  }, [state.status, checkout, navigate]);

  return (
    <WaitlistPage title={t('catalog.waitlist.offer.title')} busy={state.status === 'loading'}>
      {state.status === 'loading' ? <p role="status">{t('catalog.waitlist.offer.loading')}</p> : null}
      {state.status === 'gone' ? (
        <>
          <Banner tone="warning">{t('catalog.waitlist.offer.gone')}</Banner>
          <p>
            <Link to="/courses">{t('catalog.waitlist.offer.toCourses')}</Link>
          </p>
        </>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <p>
            {t('catalog.waitlist.offer.held', {
              course: pickText(state.offer.course.titles, i18n.resolvedLanguage ?? 'de'),
              deadline: formatDateTime(new Date(state.offer.expiresAt)),
            })}
          </p>
          <p role="status">{t('catalog.waitlist.offer.redirecting')}</p>
          <p>
            <Link to={checkout}>{t('catalog.waitlist.offer.goToCheckout')}</Link>
          </p>
        </>
      ) : null}
    </WaitlistPage>
  );
}
