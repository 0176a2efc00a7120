import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { levelTestCss } from './levelTest.css.ts';

/** Frame of every level-test screen: the screen, then the level-test footer with home and account (docs/product-rules.md#screens). */
export function LevelTestLayout() {
  const { t } = useTranslation();
  return (
    <>
      <style href="level-test" precedence="default">
        {levelTestCss}
      </style>
      <div className="shop-page level-test">
        <Outlet />
      </div>
      <nav className="shop-page level-test__footer" aria-label={t('levelTest.footer.label')}>
        <ul>
          <li>
            <Link to="/">{t('levelTest.footer.home')}</Link>
          </li>
          <li>
            <Link to="/account-data">{t('levelTest.footer.account')}</Link>
          </li>
        </ul>
      </nav>
    </>
  );
}
