import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Banner } from '@shop/shared';

/**
 * Why an order was not placed (docs/product-rules.md#errors), beside the order button. It takes the focus when it
 * appears: the order button was disabled while sending and lost it, and from here the next Tab reaches the button
 * again (WCAG 2.4.3); role="alert" has it read out. The form keeps what was typed. The focus moves in a layout
 * effect, in the same commit that shows the notice (docs/decisions/0064-focus-moves-in-layout-effects.md).
 */
export function SubmitNotice({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="checkout-submit-notice" data-testid="submit-notice">
      <Banner tone="alert">{children}</Banner>
    </div>
  );
}
