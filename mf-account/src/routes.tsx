import type { RouteObject } from 'react-router-dom';
import { PlaceholderScreen, registerTranslations } from '@shop/shared';
import { areaTranslations } from './i18n/index.ts';

registerTranslations(areaTranslations);

/** Paths of the account area (spec §2); the screens are built by the account issue. */
const screens = [
  ['/login', 'login'],
  ['/register', 'register'],
  ['/password-reset', 'passwordReset'],
  ['/password-new', 'passwordNew'],
  ['/verify-email', 'verifyEmail'],
  ['/verify-email-waiting', 'verifyEmailWaiting'],
  ['/verify-email-change', 'verifyEmailChange'],
  ['/account-data', 'data'],
  ['/account-order', 'orders'],
  ['/account-level', 'level'],
  ['/account-address', 'address'],
] as const;

const routes: RouteObject[] = screens.map(([path, key]) => ({
  path,
  element: <PlaceholderScreen titleKey={`account.${key}.title`} />,
}));

export default routes;
