import { useTranslation } from 'react-i18next';
import { useConsentStore } from '@shop/shared';
import { consentSettingsButtonId } from '../consent/ConsentBanner.tsx';
import { useSchool } from '../school/useSchool.ts';
import { WithdrawalLink } from './WithdrawalLink.tsx';

const footerCss = `
.shell-footer { margin-top: var(--shop-space-3xl); border-top: var(--shop-border-width) solid var(--shop-color-border); background: var(--shop-color-surface); }
.shell-footer__inner { padding-block: var(--shop-space-xl); }
.shell-footer ul { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm) var(--shop-space-xl); list-style: none; margin: 0; padding: 0; }
.shell-footer a { display: inline-block; padding: var(--shop-space-sm) 0; }
`;

const linkButtonCss = `
.shell-footer__link-button { display: inline-block; padding: var(--shop-space-sm) 0; border: 0; background: none; font: inherit; color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; }
`;

/**
 * "Cookie-Einstellungen": reopens the consent banner (a button: it opens, not navigates). In the footer, and where a
 * host page hides the footer, beside the withdrawal control at the page's end: consent must be as easy to withdraw
 * as to give (GDPR Art. 7(3)), so its settings stay reachable wherever the banner asked.
 */
export function ConsentSettingsButton() {
  const { t } = useTranslation();
  const reopen = useConsentStore((state) => state.reopen);
  return (
    <button type="button" id={consentSettingsButtonId} className="shell-footer__link-button" onClick={reopen}>
      <style href="shell-footer-link-button" precedence="default">
        {linkButtonCss}
      </style>
      {t('shell.footer.consent')}
    </button>
  );
}

/**
 * Footer links of docs/product-rules.md#screens (the targets live on the school's own site: its identity, which the
 * owner edits in the back office; none until it is set), and — when a tag manager is configured — the button that
 * reopens the consent settings (a button: it opens, not navigates).
 */
export function Footer({ consentConfigurable }: { consentConfigurable: boolean }) {
  const { t } = useTranslation();
  const school = useSchool();
  const links = school
    ? ([
        ['imprint', school.imprintUrl],
        ['privacy', school.privacyUrl],
        ['terms', school.termsUrl],
        ['contact', school.contactUrl],
        ['cancellation', school.withdrawalUrl],
      ] as const)
    : [];
  return (
    <footer className="shell-footer">
      <style href="shell-footer" precedence="default">
        {footerCss}
      </style>
      <div className="shop-page shell-footer__inner">
        <WithdrawalLink />
        <nav aria-label={t('shell.footer.label')}>
          <ul>
            {links
              .filter(([, url]) => url)
              .map(([key, url]) => (
                <li key={key}>
                  <a href={url}>{t(`shell.footer.${key}`)}</a>
                </li>
              ))}
            {consentConfigurable ? (
              <li>
                <ConsentSettingsButton />
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
