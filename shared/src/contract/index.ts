/**
 * The contract: one zod schema per rule, used by forms, the API client and the server alike. Every schema that holds
 * others is built on first use (`z.lazy`), so importing the package builds none of them
 * (docs/performance.md#what-every-page-loads).
 */
export * from './envelope.ts';
export * from './common.ts';
export * from './catalog.ts';
export * from './translation.ts';
export * from './health.ts';
export * from './cart.ts';
export * from './exam.ts';
export * from './product.ts';
export * from './customer.ts';
export * from './order.ts';
export * from './pricing.ts';
export * from './mode.ts';
export * from './withdrawal.ts';
export * from './waitlist.ts';
export * from './privacy.ts';
export * from './school.ts';
export * from './areaFailure.ts';
export * from './invoice.ts';
