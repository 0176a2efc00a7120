import type { ReactNode } from 'react';
import { accountCss } from './account.css.ts';

/**
 * One account screen with its main heading. After a client-side navigation the heading receives focus and
 * names the document, for every area alike (usePageHeading in @shop/shared, mounted by the shell).
 */
export function Page({ title, children, narrow = false }: { title: string; children: ReactNode; narrow?: boolean }) {
  return (
    <div className={`shop-page account-page${narrow ? ' account-page--narrow' : ''}`}>
      <style href="account-styles" precedence="default">
        {accountCss}
      </style>
      <h1 tabIndex={-1}>{title}</h1>
      {children}
    </div>
  );
}
