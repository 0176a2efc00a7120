import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ApiError, Banner, Button, focusDropped, leaveWaitlist } from '@shop/shared';
import { WaitlistPage } from './WaitlistPage.tsx';

type State =
  | { status: 'asking' }
  | { status: 'sending' }
  | { status: 'left'; course: string }
  | { status: 'failed'; unknown: boolean };

/**
 * /waitlist/leave?token=…: the link in every waitlist mail. Asks first, since mail scanners open links: only the
 * button leaves the list. A failure that may pass (network, server) keeps the button beside its alert, so the
 * visitor can try again; a link the shop does not know leaves no button.
 */
export function LeavePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'asking' });
  const retryable = state.status === 'failed' && !state.unknown;
  // The button, disabled while sending, dropped the focus to the page (WCAG 2.4.3): beside an alert that may pass
  // it gets the focus back; a notice that replaces it takes it itself (Banner's takeFocus).
  const actions = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (retryable && focusDropped()) actions.current?.querySelector('button')?.focus();
  }, [retryable]);

  const leave = async () => {
    setState({ status: 'sending' });
    try {
      const result = await leaveWaitlist(token);
      setState({ status: 'left', course: result.courseTitle });
    } catch (error) {
      setState({
        status: 'failed',
        unknown: error instanceof ApiError && (error.status === 404 || error.status === 400),
      });
    }
  };

  return (
    <WaitlistPage title={t('catalog.waitlist.leave.title')} busy={state.status === 'sending'}>
      {state.status === 'asking' || state.status === 'sending' || retryable ? (
        <>
          <p>{t('catalog.waitlist.leave.question')}</p>
          {retryable ? <Banner tone="alert">{t('catalog.waitlist.errors.generic')}</Banner> : null}
          <div ref={actions}>
            <Button onClick={leave} disabled={state.status === 'sending'}>
              {t('catalog.waitlist.leave.confirm')}
            </Button>
          </div>
        </>
      ) : null}
      {state.status === 'left' ? (
        <Banner tone="success" takeFocus>
          {t('catalog.waitlist.leave.done', { course: state.course })}
        </Banner>
      ) : null}
      {state.status === 'failed' && state.unknown ? (
        <Banner tone="alert" takeFocus>
          {t('catalog.waitlist.leave.unknown')}
        </Banner>
      ) : null}
      <p>
        <Link to="/courses">{t('catalog.waitlist.offer.toCourses')}</Link>
      </p>
    </WaitlistPage>
  );
}
