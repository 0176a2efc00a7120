import { useTranslation } from 'react-i18next';
import { shellConfig } from '../../app/config.ts';

const footerCss = `
.shell-footer { margin-top: 48px; padding: 24px; border-top: 1px solid var(--shop-color-border); background: var(--shop-color-surface); }
.shell-footer ul { display: flex; flex-wrap: wrap; gap: 8px 24px; list-style: none; margin: 0; padding: 0; }
.shell-footer a { display: inline-block; padding: 8px 0; }
`;

const linkKeys = ['imprint', 'privacy', 'terms', 'contact', 'cancellation'] as const;

/** Footer links of spec §2; the targets live on the school's own site (configurable). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="shell-footer">
      <style href="shell-footer" precedence="default">{footerCss}</style>
      <nav aria-label={t('shell.footer.label')}>
        <ul>
          {linkKeys.map((key) => (
            <li key={key}>
              <a href={shellConfig.footerLinks[key]}>{t(`shell.footer.${key}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
