const hour = 60 * 60_000;

/**
 * Orders per client and per e-mail address of the order (the customer's, or a guest's emailAddress): every
 * submit mails that address and holds places until paid. Far above a classroom behind one address ordering
 * at once, or a buyer retrying a payment. Figures: docs/decisions/0007-shared-rate-limits.md.
 */
export const submitRateLimits = {
  perClient: { max: 100, timeWindowMs: hour },
  perAddress: { max: 20, timeWindowMs: hour },
};
