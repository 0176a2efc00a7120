import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  CustomerErrorCode,
  pageNoticeState,
  safeRedirectTarget,
  useAuthStore,
  useCustomerStore,
  type LinkRequest,
} from '@shop/shared';
import { useLinkParams } from '../forms/linkParams.ts';
import { hasCode, isInvalidLink } from '../forms/messages.ts';

export type LinkState = 'loading' | 'success' | 'invalidLink' | 'taken' | 'failed';

/**
 * A link's single-use token may be sent once only: a second request (React's StrictMode runs effects twice in
 * development, a re-render may too) would find it used. Each link's request is kept and shared.
 */
const requests = new Map<string, Promise<unknown>>();
function once(key: string, send: () => Promise<unknown>) {
  let request = requests.get(key);
  if (!request) requests.set(key, (request = send()));
  return request;
}

/**
 * The pages that open a link from a mail (docs/product-rules.md#screens verify-email, verify-email-change): send token and email once,
 * show loading, success or error, and after `delayMs` go to /account-data when logged in, else /login. A link with a
 * `redirect` (the page the registration came from) goes there instead, through the login when logged out.
 */
export function useLinkAction(
  action: (request: LinkRequest) => Promise<unknown>,
  kind: string,
  delayMs: number,
): LinkState {
  const navigate = useNavigate();
  const { token, email } = useLinkParams();
  const [search] = useSearchParams();
  const back = search.get('redirect') ? safeRedirectTarget(search.get('redirect')) : null;
  const [state, setState] = useState<LinkState>(token && email ? 'loading' : 'invalidLink');

  useEffect(() => {
    if (!token || !email) return;
    let active = true;
    once(`${kind}:${token}:${email}`, () => action({ token, email }))
      // The customer changed (verified, new address): reload the shared copy when logged in.
      .then(() => (useAuthStore.getState().token ? useCustomerStore.getState().load({ force: true }) : null))
      .then(
        () => active && setState('success'),
        (error: unknown) => {
          if (!active) return;
          setState(
            isInvalidLink(error) ? 'invalidLink' : hasCode(error, CustomerErrorCode.emailTaken) ? 'taken' : 'failed',
          );
        },
      );
    return () => {
      active = false;
    };
  }, [action, kind, token, email]);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => {
      const loggedIn = Boolean(useAuthStore.getState().token);
      if (back) {
        navigate(loggedIn ? back : `/login?${new URLSearchParams({ redirect: back }).toString()}`, { replace: true });
        return;
      }
      navigate(loggedIn ? '/account-data' : '/login', {
        replace: true,
        state:
          loggedIn && kind === 'verify'
            ? { registrationSuccess: true }
            : kind === 'change'
              ? pageNoticeState('emailChanged')
              : null,
      });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [state, delayMs, kind, navigate, back]);

  return state;
}
