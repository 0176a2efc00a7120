/**
 * Where the school's contact form is (docs/product-rules.md#screens: the verification error panel links to it). Set at build time;
 * the default uses the reserved `.example` domain like the shell's footer links.
 */
export const contactUrl =
  (import.meta.env.VITE_CONTACT_URL as string | undefined) ??
  new URL('kontakt', (import.meta.env.VITE_SCHOOL_URL as string | undefined) ?? 'https://www.sprachschule.example/')
    .href;
