import { useLayoutEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Banner,
  Button,
  emailSchema,
  Field,
  focusDropped,
  joinWaitlist,
  selectIsLoggedIn,
  useAuthStore,
  waitlistOfferHours,
  type Course,
  type Language,
} from '@shop/shared';
import { joinErrorMessage } from './joinErrors.ts';

type State =
  | { step: 'closed' }
  /** `fieldError` is about the address (shown at the field), `formError` about the request (an alert). */
  | { step: 'form'; fieldError?: string; formError?: string }
  | { step: 'sending' }
  /** `email` is set for a guest's join, whose notice names the address instead of a place (see the notice). */
  | { step: 'joined'; position: number; already: boolean; email: string | null };

/** Where the focus goes when the slot's content is replaced (see the effect in WaitlistJoin). */
const focusTargets = {
  form: 'form input, form button',
  join: 'button',
  send: 'form button[type="submit"]',
} as const;

/** Only an address the server refuses is the field's problem; a limit, a closed list or too many tries are not. */
const addressErrorKey = 'catalog.waitlist.errors.email';

/**
 * A fully booked course's way in: "Auf die Warteliste" opens a short form. A guest gives an address, a logged-in
 * customer confirms (the account's address is used); afterwards the card shows a customer the place on the list and
 * tells a guest that a mail names it.
 */
export function WaitlistJoin({ course, titleId }: { course: Course; titleId: string }) {
  const { t, i18n } = useTranslation();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const [state, setState] = useState<State>({ step: 'closed' });
  const [email, setEmail] = useState('');
  const [submits, setSubmits] = useState(0);
  const formId = useId();
  // Button, form and notice replace each other; focus follows, so it is never dropped to the page (WCAG 2.4.3):
  // opening lands on the form's first field (a customer's form has none: its first button), cancelling on the button.
  // The answer to a send moves it only if the disabled send button dropped it and the visitor has not gone on:
  // joining to the notice (Banner's takeFocus), a refused request back to the send button beside its alert. An
  // address error is the field's own (Field's submitCount).
  const slot = useRef<HTMLDivElement>(null);
  const focusNext = useRef<keyof typeof focusTargets | null>(null);
  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'send' && !focusDropped()) return;
    slot.current?.querySelector<HTMLElement>(focusTargets[target])?.focus();
  }, [state.step]);

  const open = () => {
    focusNext.current = 'form';
    setState({ step: 'form' });
  };
  const cancel = () => {
    focusNext.current = 'join';
    setState({ step: 'closed' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmits((count) => count + 1);
    const address = loggedIn ? null : emailSchema.safeParse(email);
    if (address && !address.success) return setState({ step: 'form', fieldError: t(addressErrorKey) });
    setState({ step: 'sending' });
    try {
      const locale = (i18n.resolvedLanguage ?? 'de') as Language;
      const result = await joinWaitlist({ courseId: course.id, locale, ...(address ? { email: address.data } : {}) });
      setState({
        step: 'joined',
        position: result.position,
        already: result.alreadyOnList,
        email: address ? address.data : null,
      });
    } catch (error) {
      const message = joinErrorMessage(error);
      const text = t(message.key, message.values);
      if (message.key === addressErrorKey && !loggedIn) return setState({ step: 'form', fieldError: text });
      focusNext.current = 'send';
      setState({ step: 'form', formError: text });
    }
  };

  const fieldError = state.step === 'form' ? state.fieldError : undefined;
  const formError = state.step === 'form' ? state.formError : undefined;

  return (
    // Holds whichever of button, form and notice is shown (display: contents, no box of its own), so focus can follow.
    <div ref={slot} className="catalog-waitlist-slot">
      {state.step === 'joined' ? (
        <Banner tone="success" takeFocus>
          {/* A guest is answered as for a first join whether or not the address waits already, and its inbox is told
              the real place (docs/product-rules.md#a-guests-join-tells-nothing): a number shown
              here could be wrong, so the notice points to the mail. */}
          {state.email !== null
            ? t('catalog.waitlist.joinedGuest', { email: state.email })
            : t(state.already ? 'catalog.waitlist.already' : 'catalog.waitlist.joined', { position: state.position })}
        </Banner>
      ) : state.step === 'closed' ? (
        <Button onClick={open} aria-describedby={titleId} aria-expanded={false} aria-controls={formId}>
          {t('catalog.waitlist.join')}
        </Button>
      ) : (
        <form id={formId} className="catalog-waitlist" onSubmit={submit} aria-labelledby={`${formId}-title`} noValidate>
          <p id={`${formId}-title`} className="catalog-waitlist__title">
            {t('catalog.waitlist.join')}
          </p>
          <p className="catalog-waitlist__intro">{t('catalog.waitlist.intro', { hours: waitlistOfferHours })}</p>
          {loggedIn ? (
            <p>{t('catalog.waitlist.confirmAccount')}</p>
          ) : (
            // A submit's address error takes focus to the field or is spoken (Field's submitCount).
            <Field
              label={t('catalog.waitlist.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldError}
              submitCount={submits}
              required
            />
          )}
          {/* Guests and customers alike: what is wrong with the request, not the address, is an alert. */}
          {formError ? <Banner tone="alert">{formError}</Banner> : null}
          <div className="catalog-waitlist__actions">
            <Button type="submit" disabled={state.step === 'sending'} aria-describedby={titleId}>
              {state.step === 'sending' ? t('catalog.waitlist.sending') : t('catalog.waitlist.submit')}
            </Button>
            <Button variant="secondary" onClick={cancel}>
              {t('catalog.waitlist.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
