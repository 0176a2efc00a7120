import {
  call,
  deletionPreviewSchema,
  deletionResultSchema,
  guestPrivacyOverviewSchema,
  okSchema,
  privacyFileSchema,
  type Language,
} from '@shop/shared';

/**
 * The privacy calls (docs/privacy.md): the download and the deletion of an account after the password is given
 * again, and a guest's, through the token of a mailed link. A refused deletion fails with DELETION_BLOCKED; its
 * `payload.blockers` say why. Only this area makes them, so they live here, not in @shop/shared
 * (docs/decisions/0024-one-source-per-rule.md).
 */
export const exportMyData = (password: string) =>
  call({
    method: 'POST',
    path: '/customer/me/privacy/export',
    body: { password },
    auth: true,
    result: privacyFileSchema,
    failure: 'Failed to export personal data',
  });

export const fetchDeletionPreview = () =>
  call({
    path: '/customer/me/privacy/deletion',
    auth: true,
    result: deletionPreviewSchema,
    failure: 'Failed to fetch what a deletion would do',
  });

export const deleteMyAccount = (password: string) =>
  call({
    method: 'POST',
    path: '/customer/me/privacy/delete',
    body: { password },
    auth: true,
    result: deletionResultSchema,
    failure: 'Failed to delete the account',
  });

export const requestPrivacyLink = (email: string, locale: Language) =>
  call({
    method: 'POST',
    path: '/privacy/request',
    body: { email, locale },
    result: okSchema,
    failure: 'Failed to request a privacy link',
  });

export const fetchGuestPrivacyOverview = (token: string) =>
  call({
    method: 'POST',
    path: '/privacy/guest/overview',
    body: { token },
    result: guestPrivacyOverviewSchema,
    failure: 'Failed to fetch the data held about the address',
  });

export const exportGuestData = (token: string) =>
  call({
    method: 'POST',
    path: '/privacy/guest/export',
    body: { token },
    result: privacyFileSchema,
    failure: 'Failed to export personal data',
  });

export const deleteGuestData = (token: string) =>
  call({
    method: 'POST',
    path: '/privacy/guest/delete',
    body: { token },
    result: deletionResultSchema,
    failure: 'Failed to delete personal data',
  });
