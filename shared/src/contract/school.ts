import { z } from 'zod';

/**
 * GET /api/school: the school as the shop shows it (header, footer, legal links), edited by its owner in the back
 * office. `result` is null until the owner has set it (a production shop before its first-run setup): the shop
 * then shows no school details rather than made-up ones. Optional values are empty strings when not given.
 */
/** The school's public fields; the back office's identity adds its own (admin/identity.ts). */
export const publicSchoolShape = () => ({
  name: z.string(),
  postalAddress: z.string(),
  email: z.string(),
  phone: z.string(),
  vatId: z.string(),
  vatExemptionNote: z.string(),
  logoUrl: z.string(),
  websiteUrl: z.string(),
  imprintUrl: z.string(),
  privacyUrl: z.string(),
  termsUrl: z.string(),
  withdrawalUrl: z.string(),
  contactUrl: z.string(),
});

export const publicSchoolSchema = z.lazy(() => z.object(publicSchoolShape()));
export type PublicSchool = z.infer<typeof publicSchoolSchema>;
