import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { consentPurposes, syncConsentAcrossTabs, useConsentStore } from '@shop/shared';
import { tagManagerLoaded } from './tagManager.ts';
import { deleteTrackingCookies } from './trackingCookies.ts';

const reloadThisPage = () => window.location.reload();

/**
 * What a withdrawal of consent does (docs/decisions/0076-consent-withdrawal.md), in this tab or in another one of the
 * shop (syncConsentAcrossTabs), when a purpose granted before is now denied:
 * - the Consent Mode update (denied) is in the dataLayer at once (the consent store pushes it with the choice), so
 *   Google's tags stop storing and reading their cookies;
 * - the cookies of the withdrawn purposes are deleted, on the shop's host and the domains above it;
 * - a page where the tag manager ran is loaded anew: a container cannot be unloaded, and its tags (listeners, timers,
 *   other vendors' code) would run on until the page is left. When the visitor has typed into this page, the reload
 *   waits for their next navigation, which then loads the next page afresh: a reload now would throw away what they
 *   typed (a form, the level test's answers).
 */
export function useConsentWithdrawal(reloadPage: () => void = reloadThisPage): void {
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  const typed = useRef(false);
  const reloadOnNextPage = useRef(false);

  useEffect(() => syncConsentAcrossTabs(), []);

  // Typing in the page's content (`main`): the consent banner and the header are outside it.
  useEffect(() => {
    const onInput = (event: Event) => {
      const main = document.getElementById('main');
      if (main && event.target instanceof Node && main.contains(event.target)) typed.current = true;
    };
    document.addEventListener('input', onInput, true);
    return () => document.removeEventListener('input', onInput, true);
  }, []);

  useEffect(() => {
    typed.current = false;
    // The address is the next page's by now: the reload loads that one.
    if (reloadOnNextPage.current) reloadPage();
  }, [page, reloadPage]);

  useEffect(
    () =>
      useConsentStore.subscribe((state, previous) => {
        const withdrawn = consentPurposes.filter(
          (purpose) => previous.choice?.[purpose] === true && state.choice?.[purpose] !== true,
        );
        if (withdrawn.length === 0) return;
        deleteTrackingCookies(withdrawn);
        if (!tagManagerLoaded()) return;
        if (typed.current) reloadOnNextPage.current = true;
        else reloadPage();
      }),
    [reloadPage],
  );
}
