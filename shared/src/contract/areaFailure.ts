import { z } from 'zod';

/** The composed areas by their federation names (the shell's remotes.json). */
export const areaFailureAreas = ['catalog', 'cartCheckout', 'account', 'levelTest'] as const;

/**
 * Why the shell contained an area: `version-clash` (built for another @shop/shared, refused before loading),
 * `manifest` (remotes.json unreadable), `timeout` (no answer in time), `load` (its entry or routes failed),
 * `render` (it threw while rendering).
 */
export const areaFailureReasons = ['version-clash', 'manifest', 'timeout', 'load', 'render'] as const;
export type AreaFailureReason = (typeof areaFailureReasons)[number];

/**
 * POST /api/area-failures: the shell's beacon when it shows an area's notice instead of the area
 * (docs/decisions/0121-area-failure-beacon.md). Two names from fixed lists and nothing else: no address, no
 * message, nothing of the visitor.
 */
export const areaFailureReportSchema = z.lazy(() =>
  z.object({ area: z.enum(areaFailureAreas), reason: z.enum(areaFailureReasons) }).strict(),
);
export type AreaFailureReport = z.infer<typeof areaFailureReportSchema>;
