/**
 * The react-i18next names areas use, inside the one @shop/shared instance with i18next itself
 * (docs/performance.md#what-every-page-loads). Areas keep writing `import { useTranslation } from 'react-i18next'`;
 * their federated builds answer that import with these names (shared/vite/throughShared.js), so the page has one
 * i18n instance and only these parts, instead of i18next and react-i18next prebuilt whole as shares. A name an
 * area needs is added here; an area build that imports one missing here, or i18next itself, fails.
 * @public
 */
export { Trans, useTranslation } from 'react-i18next';
