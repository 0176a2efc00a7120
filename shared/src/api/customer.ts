import {
  balancesSchema,
  billingAddressResultSchema,
  billingAddressSchema,
  customerSchema,
  loginResponseSchema,
  okSchema,
  orderListSchema,
  orderPageSize,
  profileUpdateResponseSchema,
  registerResponseSchema,
  updatePasswordResponseSchema,
  type BillingAddressForm,
  type EmailRequest,
  type LinkRequest,
  type LoginRequest,
  type ProfileUpdateRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type UpdatePasswordRequest,
} from '../contract/index.ts';
import { call } from './client.ts';

/** The customer calls of docs/product-rules.md#api-calls, each with its docs/product-rules.md#errors failure message. */

export const fetchCustomer = (signal?: AbortSignal) =>
  call({ path: '/customer/me', auth: true, result: customerSchema, failure: 'Failed to fetch customer data', signal });

/** A 401 here means wrong credentials, not an ended session: no unauthorized event (docs/product-rules.md#api-calls). */
export const login = (body: LoginRequest) =>
  call({
    method: 'POST',
    path: '/customer/login',
    body,
    skipUnauthorizedEvent: true,
    result: loginResponseSchema,
    failure: 'Login failed: Invalid email or password',
  });

export const register = (body: RegisterRequest) =>
  call({
    method: 'POST',
    path: '/customer/register',
    body,
    result: registerResponseSchema,
    failure: 'Failed to register customer',
  });

/** Ends the session on the server; the caller clears the local token either way. */
export const logout = () =>
  call({
    method: 'POST',
    path: '/customer/logout',
    auth: true,
    skipUnauthorizedEvent: true,
    result: okSchema,
    failure: 'Failed to log out',
  });

export const updateCustomer = (changes: ProfileUpdateRequest) =>
  call({
    method: 'PUT',
    path: '/customer/me/update',
    body: changes,
    auth: true,
    result: profileUpdateResponseSchema,
    failure: 'Failed to update customer data',
  });

export const verifyEmail = (body: LinkRequest) =>
  call({
    method: 'POST',
    path: '/customer/verify-email',
    body,
    result: customerSchema,
    failure: 'Failed to verify email',
  });

/**
 * Sends the session's token when there is one: completing a change ends every other session of the account, and
 * the token tells the server which browser confirms, so it stays logged in (docs/product-rules.md#e-mail-change).
 */
export const verifyEmailChange = (body: LinkRequest) =>
  call({
    method: 'POST',
    path: '/customer/verify-email-change',
    body,
    result: customerSchema,
    failure: 'Failed to verify email',
    auth: true,
  });

export const resendVerification = (body: EmailRequest) =>
  call({
    method: 'POST',
    path: '/customer/resend-verification',
    body,
    result: okSchema,
    failure: 'Failed to resend verification email',
  });

export const requestPasswordReset = (body: EmailRequest) =>
  call({
    method: 'POST',
    path: '/customer/request-password-reset',
    body,
    result: okSchema,
    failure: 'Failed to request password reset',
  });

export const resetPassword = (body: ResetPasswordRequest) =>
  call({
    method: 'POST',
    path: '/customer/reset-password',
    body,
    result: okSchema,
    failure: 'Failed to reset password',
  });

/** The saved billing address, or null: none saved yet, or any failure (docs/product-rules.md#api-calls "returns nothing on any failure"). */
export const fetchBillingAddress = () =>
  call({
    path: '/customer/me/billing-address',
    auth: true,
    result: billingAddressResultSchema,
    failure: 'Failed to fetch billing address',
  }).catch(() => null);

export const saveBillingAddress = (address: BillingAddressForm) =>
  call({
    method: 'POST',
    path: '/customer/me/billing-address',
    body: address,
    auth: true,
    result: billingAddressSchema,
    failure: 'Failed to create billing address',
  });

export const fetchBalances = () =>
  call({
    path: '/customer/me/balances',
    auth: true,
    result: balancesSchema,
    failure: 'Failed to fetch customer balances',
  });

/** Returns the session's new token: the server ends every session when the password changes. */
export const updatePassword = (body: UpdatePasswordRequest) =>
  call({
    method: 'PUT',
    path: '/customer/me/update-password',
    body,
    auth: true,
    result: updatePasswordResponseSchema,
    failure: 'Failed to update password',
  });

export const fetchOrders = ({ limit = orderPageSize, offset = 0 }: { limit?: number; offset?: number } = {}) =>
  call({
    path: '/customer/me/orders',
    query: { limit, offset },
    auth: true,
    result: orderListSchema,
    failure: 'Failed to fetch orders',
  });
