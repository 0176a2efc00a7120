import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Banner,
  Button,
  currentLanguage,
  Field,
  focusDropped,
  sendExamResultEmail,
  useLevelTestResultStore,
} from '@shop/shared';
import { emailProblem, type EmailProblem } from './offers.ts';

type SendState = { status: 'idle' | 'sending' | 'failed' } | { status: 'sent'; to: string };

/**
 * docs/product-rules.md#screens, #validation: the result by e-mail. The address is typed (or prefilled for customers), sent with this one
 * request and kept nowhere, which the hint says. Validation is ours (noValidate) so the messages are the
 * shop's, in the shop's language, and not the browser's.
 */
export function ResultEmailForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<EmailProblem | undefined>();
  const [state, setState] = useState<SendState>({ status: 'idle' });
  const [edited, setEdited] = useState(false);
  const [submits, setSubmits] = useState(0);
  // A customer's address may arrive after the first render; it fills the field until the user types.
  const value = edited ? email : email || initialEmail;
  // The send button is disabled while sending, which drops the focus to the page; the answer hands it on (unless the
  // visitor went on meanwhile): "sent" to its notice (Banner's takeFocus), a failure back to the button, beside its
  // alert (WCAG 2.4.3).
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (state.status === 'failed' && focusDropped())
      form.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [state.status]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const store = useLevelTestResultStore.getState();
    store.dropIfExpired();
    const result = useLevelTestResultStore.getState().result;
    const found = emailProblem(value, result !== null);
    setSubmits((count) => count + 1);
    setProblem(found);
    if (found || !result) return;
    const to = value.trim();
    setState({ status: 'sending' });
    try {
      const { level, reachedPoints, maxPoints, targetDetail } = result;
      await sendExamResultEmail({
        email: to,
        level,
        reachedPoints,
        maxPoints,
        targetDetail,
        locale: currentLanguage(),
      });
      setState({ status: 'sent', to });
    } catch (error) {
      console.warn('Could not send the level-test result', error);
      setState({ status: 'failed' });
    }
  };

  return (
    <form ref={form} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="level-test-email-heading">
      <h2 id="level-test-email-heading">{t('levelTest.complete.email.title')}</h2>
      <Field
        label={t('levelTest.complete.email.label')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={value}
        onChange={(event) => {
          setEdited(true);
          setEmail(event.target.value);
        }}
        hint={t('levelTest.complete.email.hint')}
        error={problem ? t(`levelTest.complete.email.${problem}`) : undefined}
        // A submit's problem takes focus to the field, or is spoken if it has focus already (WCAG 3.3.1).
        submitCount={submits}
      />
      <Button type="submit" disabled={state.status === 'sending'}>
        {t(state.status === 'sending' ? 'levelTest.complete.email.sending' : 'levelTest.complete.email.submit')}
      </Button>
      {state.status === 'sent' ? (
        <Banner tone="success" takeFocus>
          {t('levelTest.complete.email.sent', { email: state.to })}
        </Banner>
      ) : null}
      {state.status === 'failed' ? <Banner tone="alert">{t('levelTest.complete.email.failed')}</Banner> : null}
    </form>
  );
}
