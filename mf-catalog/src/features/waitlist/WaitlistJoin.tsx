import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Banner,
  Button,
  emailSchema,
  Field,
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
  | { step: 'form'; error?: string }
  | { step: 'sending' }
  | { step: 'joined'; position: number; already: boolean };

/**
 * A fully booked course's way in: "Auf die Warteliste" opens a short form. A guest gives an address, a logged-in
 * customer confirms (the account's address is used); afterwards the card shows the place on the list.
 */
export function WaitlistJoin({ course, titleId }: { course: Course; titleId: string }) {
  const { t, i18n } = useTranslation();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const [state, setState] = useState<State>({ step: 'closed' });
  const [email, setEmail] = useState('');
  const formId = useId();

  if (state.step === 'joined') {
    return (
      <Banner tone="success">
        {t(state.already ? 'catalog.waitlist.already' : 'catalog.waitlist.joined', { position: state.position })}
      </Banner>
    );
  }
  if (state.step === 'closed') {
    return (
      <Button
        onClick={() => setState({ step: 'form' })}
        aria-describedby={titleId}
        aria-expanded={false}
        aria-controls={formId}
      >
        {t('catalog.waitlist.join')}
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = loggedIn ? null : emailSchema.safeParse(email);
    if (address && !address.success) return setState({ step: 'form', error: t('catalog.waitlist.errors.email') });
    setState({ step: 'sending' });
    try {
      const locale = (i18n.resolvedLanguage ?? 'de') as Language;
      const result = await joinWaitlist({ courseId: course.id, locale, ...(address ? { email: address.data } : {}) });
      setState({ step: 'joined', position: result.position, already: result.alreadyOnList });
    } catch (error) {
      const message = joinErrorMessage(error);
      setState({ step: 'form', error: t(message.key, message.values) });
    }
  };
  const error = state.step === 'form' ? state.error : undefined;

  return (
    <form id={formId} className="catalog-waitlist" onSubmit={submit} aria-labelledby={`${formId}-title`} noValidate>
      <p id={`${formId}-title`} className="catalog-waitlist__title">
        {t('catalog.waitlist.join')}
      </p>
      <p className="catalog-waitlist__intro">{t('catalog.waitlist.intro', { hours: waitlistOfferHours })}</p>
      {loggedIn ? (
        <p>{t('catalog.waitlist.confirmAccount')}</p>
      ) : (
        <Field
          label={t('catalog.waitlist.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          required
        />
      )}
      {loggedIn && error ? <Banner tone="alert">{error}</Banner> : null}
      <div className="catalog-waitlist__actions">
        <Button type="submit" disabled={state.step === 'sending'} aria-describedby={titleId}>
          {state.step === 'sending' ? t('catalog.waitlist.sending') : t('catalog.waitlist.submit')}
        </Button>
        <Button variant="secondary" onClick={() => setState({ step: 'closed' })}>
          {t('catalog.waitlist.cancel')}
        </Button>
      </div>
    </form>
  );
}
