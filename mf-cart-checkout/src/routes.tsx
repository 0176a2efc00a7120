import type { RouteObject } from 'react-router-dom';
import { PlaceholderScreen, registerTranslations } from '@shop/shared';
import { CartPage } from './features/cart/CartPage.tsx';
import { areaTranslations } from './i18n/index.ts';

registerTranslations(areaTranslations);

/** Paths of the cart-and-checkout area (spec §2). */
const routes: RouteObject[] = [
  { path: '/cart', element: <CartPage /> },
  { path: '/checkout-auth', element: <PlaceholderScreen titleKey="cartCheckout.checkoutAuth.title" /> },
  { path: '/checkout', element: <PlaceholderScreen titleKey="cartCheckout.checkout.title" /> },
  { path: '/checkout-cancel', element: <PlaceholderScreen titleKey="cartCheckout.cancel.title" /> },
  { path: '/checkout-complete/:orderId/:email', element: <PlaceholderScreen titleKey="cartCheckout.complete.title" /> },
  { path: '/emailorder', element: <PlaceholderScreen titleKey="cartCheckout.emailOrder.title" /> },
];

export default routes;
