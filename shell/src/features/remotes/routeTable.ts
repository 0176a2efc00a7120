import { matchPath } from 'react-router-dom';

/** The four remotes (docs/architecture.md#layout) by their federation names. */
export const areaNames = ['catalog', 'cartCheckout', 'account', 'levelTest'] as const;
export type AreaName = (typeof areaNames)[number];

/**
 * Every path of docs/product-rules.md#screens and the area that owns it. The shell knows only this table; the screens come from
 * each remote's `./routes`. `/` is the shell's own home page.
 */
export const routeTable: Record<AreaName, readonly string[]> = {
  catalog: ['/products', '/courses', '/modular-course', '/products-iframe', '/waitlist/offer', '/waitlist/leave'],
  cartCheckout: [
    '/cart',
    '/checkout-auth',
    '/checkout',
    '/checkout-cancel',
    '/checkout-return/:orderId/:email',
    '/checkout-complete/:orderId/:email',
    '/emailorder',
  ],
  account: [
    '/login',
    '/register',
    '/password-reset',
    '/password-new',
    '/verify-email',
    '/verify-email-waiting',
    '/verify-email-change',
    '/account-data',
    '/account-order',
    '/account-level',
    '/account-address',
    '/withdrawal',
  ],
  levelTest: ['/level-test', '/level-test/complete', '/level-test/:level', '/einstufung'],
};

/** The area owning `pathname`, or undefined for an unknown path (which redirects to /account-data). */
export function areaForPath(pathname: string): AreaName | undefined {
  return areaNames.find((area) =>
    routeTable[area].some((pattern) => matchPath({ path: pattern, end: true }, pathname)),
  );
}
