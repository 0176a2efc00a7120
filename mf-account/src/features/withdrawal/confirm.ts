import { call, withdrawalReceiptSchema, type WithdrawalConfirmRequest } from '@shop/shared';

/**
 * POST /withdrawals/confirm: the single-use link of a receipt opened (docs/withdrawal-rules.md). Answers the
 * declaration's receipt with what became of it; refusals carry WithdrawalErrorCode (unknown, used, expired link).
 * No bearer: the link itself proves the order's address.
 */
export const confirmWithdrawal = (request: WithdrawalConfirmRequest) =>
  call({
    method: 'POST',
    path: '/withdrawals/confirm',
    body: request,
    result: withdrawalReceiptSchema,
    failure: 'Failed to confirm the withdrawal',
  });
