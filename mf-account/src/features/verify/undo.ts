import { call, okSchema, type LinkRequest } from '@shop/shared';

/**
 * POST /customer/undo-email-change: the former address takes an e-mail change back
 * (docs/decisions/0068-undo-an-email-change.md). No bearer: every session of the account ends anyway, and the link
 * itself proves the address. Refusals: INVALID_TOKEN (unknown, used or expired link), EMAIL_TAKEN.
 */
export const undoEmailChange = (request: LinkRequest) =>
  call({
    method: 'POST',
    path: '/customer/undo-email-change',
    body: request,
    result: okSchema,
    failure: 'Failed to verify email',
  });
