import { call, loginResponseSchema, okSchema, type EmailRequest } from '@shop/shared';

/**
 * The one-time login link by mail (docs/decisions/0086-no-lockout-of-the-owner.md): the way in that strangers
 * guessing at the password cannot block.
 */

/** POST /customer/request-login-link: answers alike for every address; at most one mail per inbox in 5 minutes. */
export const requestLoginLink = (request: EmailRequest) =>
  call({
    method: 'POST',
    path: '/customer/request-login-link',
    body: request,
    result: okSchema,
    failure: 'Failed to send the login link',
  });

/**
 * POST /customer/login-link: the link's token for a session token, as a login answers. No bearer. Refusal:
 * INVALID_TOKEN (unknown, used or expired link). A 401 here ends no session.
 */
export const logInWithLink = (request: { token: string; email: string }) =>
  call({
    method: 'POST',
    path: '/customer/login-link',
    body: { ...request, remember: false },
    skipUnauthorizedEvent: true,
    result: loginResponseSchema,
    failure: 'Login failed: the link is invalid or has expired',
  });
