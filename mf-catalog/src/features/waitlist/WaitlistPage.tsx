import type { ReactNode } from 'react';
import { catalogCss } from '../listing/catalog.css.ts';

/** The frame of the waitlist's own pages (offer and leave links): the catalog's page layout and a heading. */
export function WaitlistPage({ title, busy, children }: { title: string; busy: boolean; children: ReactNode }) {
  return (
    <section className="shop-page catalog-page catalog-waitlist-page" aria-busy={busy}>
      <style href="catalog-page" precedence="default">
        {catalogCss}
      </style>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
