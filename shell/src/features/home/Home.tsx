import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const homeCss = `
.shell-home { max-width: 1140px; margin: 0 auto; padding: 24px; }
.shell-home ul { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; list-style: none; padding: 0; }
.shell-home a { display: block; padding: 20px; border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); font-weight: 600; }
`;

const entries = [
  ['/courses', 'courses'],
  ['/modular-course', 'modular'],
  ['/products', 'products'],
  ['/level-test', 'levelTest'],
  ['/account-data', 'account'],
  ['/cart', 'cart'],
] as const;

/** Home page `/`: entries to the areas (and the target after logout). */
export function Home() {
  const { t } = useTranslation();
  return (
    <div className="shell-home">
      <style href="shell-home" precedence="default">{homeCss}</style>
      <h1>{t('shell.home.title')}</h1>
      <p>{t('shell.home.intro')}</p>
      <ul>
        {entries.map(([path, key]) => (
          <li key={path}>
            <Link to={path}>{t(`shell.home.${key}`)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
