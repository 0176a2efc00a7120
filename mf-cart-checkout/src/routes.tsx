import type { RouteObject } from 'react-router-dom';
import { registerTranslations } from '@shop/shared';
import { CartPage } from './features/cart/CartPage.tsx';
import { CheckoutAuthPage } from './features/checkout/CheckoutAuthPage.tsx';
import { CheckoutCancelPage } from './features/checkout/CheckoutCancelPage.tsx';
import { CheckoutCompletePage } from './features/checkout/CheckoutCompletePage.tsx';
import { CheckoutPage } from './features/checkout/CheckoutPage.tsx';
import { CheckoutReturnPage } from './features/checkout/CheckoutReturnPage.tsx';
import { EmailOrderPage } from './features/checkout/EmailOrderPage.tsx';
import { PendingOrderPage } from './features/checkout/PendingOrderPage.tsx';
import { areaTranslations } from './i18n/index.ts';

// The shown language's texts are in before the shell renders any of these routes.
await registerTranslations(areaTranslations);

/** Paths of the cart-and-checkout area (docs/product-rules.md#screens). */
const routes: RouteObject[] = [
  { path: '/cart', element: <CartPage /> },
  { path: '/checkout-auth', element: <CheckoutAuthPage /> },
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/checkout-cancel', element: <CheckoutCancelPage /> },
  { path: '/checkout-pending', element: <PendingOrderPage /> },
  { path: '/checkout-return/:orderId/:email', element: <CheckoutReturnPage /> },
  { path: '/checkout-complete/:orderId/:email', element: <CheckoutCompletePage /> },
  { path: '/emailorder', element: <EmailOrderPage /> },
];

export default routes;
