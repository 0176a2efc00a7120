import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  ApiError,
  Banner,
  Button,
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

type State =
  | { status: 'loading' }
  | { status: 'gone' }
  /** The offer could not be read for now (network, rate limit, server): it may well still hold the place. */
  | { status: 'failed' }
  | { status: 'ready'; offer: WaitlistOffer };

/** Only the server saying it has no open offer for this link (404, or a malformed token: 400) means it is gone. */
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

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
  // Each "try again" asks anew.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
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
      .catch((error: unknown) => {
        if (!active) return;
        // A failure that may pass must not tell the visitor their held place is gone: they would give it up.
        if (isGone(error)) return setState({ status: 'gone' });
        console.error('Waitlist offer could not be read', error);
        setState({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [token, attempt]);

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
      {state.status === 'failed' ? (
        <>
          {/* After a retry the button that had the focus is gone: the alert takes it (Banner's takeFocus). */}
          <Banner tone="alert" takeFocus={attempt > 0}>
            {t('catalog.waitlist.offer.failed')}
          </Banner>
          <p>
            <Button onClick={() => setAttempt((count) => count + 1)}>{t('catalog.waitlist.offer.retry')}</Button>
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
