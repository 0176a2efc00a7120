import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ApiError, Banner, Button, leaveWaitlist } from '@shop/shared';
import { WaitlistPage } from './WaitlistPage.tsx';

type State =
  | { status: 'asking' }
  | { status: 'sending' }
  | { status: 'left'; course: string }
  | { status: 'failed'; unknown: boolean };

/**
 * /waitlist/leave?token=…: the link in every waitlist mail. Asks first, since mail scanners open links: only the
 * button leaves the list.
 */
export function LeavePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'asking' });

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
      {state.status === 'asking' || state.status === 'sending' ? (
        <>
          <p>{t('catalog.waitlist.leave.question')}</p>
          <Button onClick={leave} disabled={state.status === 'sending'}>
            {t('catalog.waitlist.leave.confirm')}
          </Button>
        </>
      ) : null}
      {state.status === 'left' ? (
        <Banner tone="success">{t('catalog.waitlist.leave.done', { course: state.course })}</Banner>
      ) : null}
      {state.status === 'failed' ? (
        <Banner tone="alert">
          {t(state.unknown ? 'catalog.waitlist.leave.unknown' : 'catalog.waitlist.errors.generic')}
        </Banner>
      ) : null}
      <p>
        <Link to="/courses">{t('catalog.waitlist.offer.toCourses')}</Link>
      </p>
    </WaitlistPage>
  );
}
