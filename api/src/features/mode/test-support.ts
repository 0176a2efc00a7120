import type { PaymentProvider } from '../payment-provider/provider.ts';

/** Production needs a provider that is not the sandbox; tests of what production answers never reach it. */
const unusedRealProvider: PaymentProvider = {
  name: 'mollie',
  createPayment: async () => {
    throw new Error('not used');
  },
  fetchPayment: async () => null,
  refund: async () => Promise.reject(new Error('not used')),
};

/** App options of a production-mode app for route tests (`describeEachDatabase(…, { app: productionMode })`). */
export const productionMode = {
  mode: 'production',
  paymentProvider: unusedRealProvider,
  shopUrl: 'https://shop.test',
} as const;
