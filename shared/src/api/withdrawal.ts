import { withdrawalReceiptSchema, type WithdrawalRequest } from '../contract/index.ts';
import { call } from './client.ts';

/** POST /withdrawals: the declaration; the token goes along when there is one (a customer's own orders match). */
export const declareWithdrawal = (request: WithdrawalRequest) =>
  call({
    method: 'POST',
    path: '/withdrawals',
    body: request,
    auth: true,
    result: withdrawalReceiptSchema,
    failure: 'Failed to declare the withdrawal',
  });
