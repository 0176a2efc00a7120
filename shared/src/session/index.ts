export { logOutCustomer } from './logOut.ts';
export { safeRedirectTarget, verifyEmailWaitingPath, type LoginOriginState } from './redirects.ts';
export { RequireCustomer } from './RequireCustomer.tsx';
export { useSessionGuard } from './useSessionGuard.ts';
export { syncSessionAcrossTabs } from './tabSync.ts';
export { pageNoticeOf, pageNoticeState } from './pageNotice.ts';
