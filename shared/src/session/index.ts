export { logOutCustomer } from './logOut.ts';
export {
  defaultLoginTarget,
  safeRedirectTarget,
  unverifiedAllowedPaths,
  unverifiedRedirect,
  verifyEmailWaitingPath,
  type LoginOriginState,
} from './redirects.ts';
export { RequireCustomer } from './RequireCustomer.tsx';
export { useSessionGuard } from './useSessionGuard.ts';
export { onSessionEndedElsewhere, sessionChannelName, syncSessionAcrossTabs, type SessionMessage } from './tabSync.ts';
