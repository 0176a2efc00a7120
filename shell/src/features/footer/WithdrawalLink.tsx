import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The path of the withdrawal page (served by the account area, docs/decisions/0011-withdrawal.md). */
export const withdrawalPath = '/withdrawal';

const withdrawalCss = `
.shell-withdrawal { margin: 0 0 16px; }
.shell-withdrawal .shell-withdrawal__link { display: inline-block; padding: 10px 18px; border: 2px solid var(--shop-color-primary-dark); border-radius: 8px; color: var(--shop-color-primary-dark); font-weight: bold; text-decoration: none; background: var(--shop-color-surface); }
.shell-withdrawal .shell-withdrawal__link:hover, .shell-withdrawal .shell-withdrawal__link:focus-visible { text-decoration: underline; }
.shell-withdrawal--standalone { padding: 12px 24px; }
`;

/**
 * The withdrawal function's control: on every page, guests included, as a clearly readable button-like link (not
 * in the small print). In the footer; when a host page hides the footer, on its own at the page's end, because
 * the control must stay reachable there too.
 */
export function WithdrawalLink({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={`shell-withdrawal${standalone ? ' shell-withdrawal--standalone' : ''}`}>
      <style href="shell-withdrawal" precedence="default">
        {withdrawalCss}
      </style>
      <Link to={withdrawalPath} className="shell-withdrawal__link">
        {t('shell.footer.withdrawal')}
      </Link>
    </p>
  );
}
