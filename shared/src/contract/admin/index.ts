/**
 * The admin API's contract (`@shop/shared/contract/admin`), one file per feature. The API validates with these
 * schemas and generates /api/admin/openapi.json from them; the back office validates its forms with them.
 */
export * from './common.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './identity.ts';
export * from './texts.ts';
export * from './codes.ts';
export * from './catalogue.ts';
export * from './cases.ts';
export * from './orders.ts';
export * from './participants.ts';
export * from './mails.ts';
export * from './retention.ts';
export * from './invoices.ts';
