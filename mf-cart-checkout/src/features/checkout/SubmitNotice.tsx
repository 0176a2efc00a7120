import type { ReactNode } from 'react';
import { Banner } from '@shop/shared';

/**
 * Why an order was not placed (docs/product-rules.md#errors), beside the order button. It takes the focus when it
 * appears (Banner's takeFocus): the order button was disabled while sending and lost it, and from here the next Tab
 * reaches the button again (WCAG 2.4.3); role="alert" has it read out. The form keeps what was typed.
 */
export function SubmitNotice({ children }: { children: ReactNode }) {
  return (
    <Banner tone="alert" takeFocus data-testid="submit-notice">
      {children}
    </Banner>
  );
}
