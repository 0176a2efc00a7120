import { useTranslation } from 'react-i18next';

const points = ['exams', 'groups', 'teachers', 'payment', 'contact'] as const;

function Mark() {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path
        d="M7 12.5l3.2 3.2L17 9"
        fill="none"
        stroke="var(--shop-color-bg)"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * What a learner can rely on, in the school's own words and without figures the shop cannot back: exam
 * preparation, small online groups, the teachers, a secure payment, and a person to ask.
 */
export function TrustBar({ contactUrl }: { contactUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="shell-trust" aria-label={t('shell.home.trust.label')}>
      <ul>
        {points.map((point) => (
          <li key={point}>
            <Mark />
            <span>
              <strong>{t(`shell.home.trust.${point}.title`)}</strong>{' '}
              {point === 'contact' && contactUrl ? (
                <a href={contactUrl}>{t('shell.home.trust.contact.text')}</a>
              ) : (
                t(`shell.home.trust.${point}.text`)
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
