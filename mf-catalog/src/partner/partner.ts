/**
 * Entry of the partner bundle (`dist/partner/partner.js`), built without Module Federation: everything a
 * partner's page needs and nothing else. `mount` is the one-script embed (public/embed.js), `mountPage` the
 * lightweight /products-iframe page.
 */
export { mount } from '../embed/mount.tsx';
export { mountPage } from './page.tsx';
