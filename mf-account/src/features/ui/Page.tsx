import { useEffect, useRef, type ReactNode } from 'react';
import { accountCss } from './account.css.ts';

/**
 * One account screen: its heading receives focus when the screen opens, so screen-reader and keyboard users
 * start at the new content after a client-side navigation (WCAG 2.4.3).
 */
export function Page({ title, children, narrow = false }: { title: string; children: ReactNode; narrow?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <div className={`account-page${narrow ? ' account-page--narrow' : ''}`}>
      <style href="account-styles" precedence="default">{accountCss}</style>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
