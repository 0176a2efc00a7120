import { z } from 'zod';

/**
 * The shop's mode (docs/decisions/0003-production-mode.md): `development` runs with embedded defaults (sandbox
 * payments, dev outbox) and says so on every page; `production` (NODE_ENV=production) takes real payments.
 */
export const shopModes = ['development', 'production'] as const;
export const shopModeSchema = z.enum(shopModes);
export type ShopMode = z.infer<typeof shopModeSchema>;

/** GET /api/shop/mode. */
export const shopModeInfoSchema = z.lazy(() => z.object({ mode: shopModeSchema }));
