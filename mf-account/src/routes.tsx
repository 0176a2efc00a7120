import type { RouteObject } from 'react-router-dom';
import { registerTranslations } from '@shop/shared';
import { AddressPage } from './features/address/AddressPage.tsx';
import { DataPage } from './features/data/DataPage.tsx';
import { LevelPage } from './features/level/LevelPage.tsx';
import { LoginLinkPage } from './features/login/LoginLinkPage.tsx';
import { LoginPage } from './features/login/LoginPage.tsx';
import { OrdersPage } from './features/orders/OrdersPage.tsx';
import { PasswordNewPage } from './features/password/PasswordNewPage.tsx';
import { PasswordResetPage } from './features/password/PasswordResetPage.tsx';
import { AccountDeletedPage } from './features/privacy/AccountDeletedPage.tsx';
import { PrivacyPage } from './features/privacy/PrivacyPage.tsx';
import { PrivacyRequestConfirmPage } from './features/privacy/PrivacyRequestConfirmPage.tsx';
import { PrivacyRequestPage } from './features/privacy/PrivacyRequestPage.tsx';
import { RegisterPage } from './features/register/RegisterPage.tsx';
import { UndoEmailChangePage } from './features/verify/UndoEmailChangePage.tsx';
import { VerifyEmailChangePage } from './features/verify/VerifyEmailChangePage.tsx';
import { VerifyEmailPage } from './features/verify/VerifyEmailPage.tsx';
import { VerifyEmailWaitingPage } from './features/verify/VerifyEmailWaitingPage.tsx';
import { WithdrawalConfirmPage } from './features/withdrawal/WithdrawalConfirmPage.tsx';
import { WithdrawalPage } from './features/withdrawal/WithdrawalPage.tsx';
import { areaTranslations } from './i18n/index.ts';

// The shown language's texts are in before the shell renders any of these routes.
await registerTranslations(areaTranslations);

/** The account area's screens (docs/product-rules.md#screens); the /account-* ones need a logged-in, verified customer. */
const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  // The one-time login link a mail carries (docs/decisions/0086-no-lockout-of-the-owner.md).
  { path: '/login-link', element: <LoginLinkPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/password-reset', element: <PasswordResetPage /> },
  { path: '/password-new', element: <PasswordNewPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/verify-email-waiting', element: <VerifyEmailWaitingPage /> },
  { path: '/verify-email-change', element: <VerifyEmailChangePage /> },
  // The link of the notice a completed e-mail change mails to the former address (docs/decisions/0068-undo-an-email-change.md).
  { path: '/undo-email-change', element: <UndoEmailChangePage /> },
  { path: '/account-data', element: <DataPage /> },
  { path: '/account-order', element: <OrdersPage /> },
  { path: '/account-level', element: <LevelPage /> },
  { path: '/account-address', element: <AddressPage /> },
  // Download and deletion of the account's data (docs/privacy.md); /account-deleted is where a deletion ends.
  { path: '/account-privacy', element: <PrivacyPage /> },
  { path: '/account-deleted', element: <AccountDeletedPage /> },
  // For guests: a mailed link proves the address before its data is shown or deleted (docs/privacy.md#guests).
  { path: '/privacy-request', element: <PrivacyRequestPage /> },
  { path: '/privacy-request-confirm', element: <PrivacyRequestConfirmPage /> },
  // For guests too: the withdrawal function is open to everybody (docs/decisions/0011-withdrawal.md).
  { path: '/withdrawal', element: <WithdrawalPage /> },
  // The link of a receipt mailed for a declaration that waits for its address to confirm (docs/withdrawal-rules.md).
  { path: '/withdrawal-confirm', element: <WithdrawalConfirmPage /> },
];

export default routes;
