import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Banner, Button, focusDropped } from '@shop/shared';

/**
 * The body of a page a mailed link opens that acts only on its button, not on opening: mail scanners open links
 * (/withdrawal-confirm, /undo-email-change). A refusal's alert, then, while the action may still be tried, the intro
 * and the button. The button, disabled while sending, drops the focus to the page (WCAG 2.4.3): a refusal that may
 * be tried again gives it back to the button; one that leaves no button puts it on the alert, once something was
 * sent (`alertTakesFocus`), not when the page opens on a broken link.
 */
export function ConfirmByButton({
  refusal,
  retryable,
  alertTakesFocus,
  sending,
  intro,
  submit,
  onSubmit,
}: {
  /** The refusal's text, or null. */
  refusal: string | null;
  /** Whether the intro and the button are shown (nothing refused, or a refusal worth another try). */
  retryable: boolean;
  alertTakesFocus: boolean;
  sending: boolean;
  intro: ReactNode;
  submit: string;
  onSubmit: () => void;
}) {
  const actions = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (refusal && !sending && focusDropped()) actions.current?.querySelector('button')?.focus();
  }, [refusal, sending]);
  return (
    <>
      {refusal ? (
        <Banner tone="alert" takeFocus={alertTakesFocus && !retryable}>
          {refusal}
        </Banner>
      ) : null}
      {retryable ? (
        <>
          <p>{intro}</p>
          <div className="account-form__actions" ref={actions}>
            <Button type="button" disabled={sending} onClick={onSubmit}>
              {submit}
            </Button>
          </div>
        </>
      ) : null}
    </>
  );
}
