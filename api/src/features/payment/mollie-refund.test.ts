import { afterAll, describe, expect, it } from 'vitest';
import { startFakeMollie } from '../../test/fake-mollie/server.ts';
import { mollieProvider } from './mollie-provider.ts';

// The fake's certificate is self-signed; Mollie's client accepts it only with certificate checks off (this process only).
const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
// Webhooks go nowhere here: these tests call the provider only.
const fake = await startFakeMollie({ deliverWebhook: async () => {} });
afterAll(async () => {
  await fake.close();
  if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
});

const provider = mollieProvider({ apiKey: 'test_refunds', apiUrl: fake.apiUrl, shopUrl: 'https://shop.example' });
const billingAddress = {
  firstname: 'Ana',
  lastname: 'García',
  addressLine1: 'Hauptstr. 1',
  addressLine2: '',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
};

async function paidPayment(amountCents: number) {
  const { id } = await provider.createPayment({
    amountCents,
    reference: '100001',
    orderId: 1,
    email: 'ana@example.org',
    billingAddress,
    lines: [
      {
        kind: 'digital',
        description: 'Kurs',
        quantity: 1,
        unitPriceCents: amountCents,
        discountCents: 0,
        totalCents: amountCents,
      },
    ],
    locale: 'de',
    expiresAt: new Date(Date.now() + 3_600_000),
    method: 'creditcard',
  });
  fake.setStatus(id, 'paid');
  return id;
}

describe('Mollie refunds (fake Mollie Refunds API)', () => {
  it('creates one refund per idempotency key, however often it is asked', async () => {
    const paymentId = await paidPayment(28900);
    const input = {
      paymentId,
      amountCents: 17340,
      description: 'Widerruf Bestellung 100001',
      idempotencyKey: 'shop-refund-1',
    };
    const first = await provider.refund(input);
    const again = await provider.refund(input);
    expect(again.id).toBe(first.id);
    const refunds = [...fake.refunds.values()].filter((refund) => refund.paymentId === paymentId);
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: { currency: 'EUR', value: '173.40' },
        description: 'Widerruf Bestellung 100001',
      }),
    ]);
    const sent = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === `/v2/payments/${paymentId}/refunds`,
    );
    // The second call finds the first refund by the key in its metadata and creates nothing.
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual(['shop-refund-1']);
  });

  it('a refund asked again after Mollie forgot its key is found by the key in its metadata, not paid twice', async () => {
    const paymentId = await paidPayment(28900);
    const input = { paymentId, amountCents: 28900, description: 'Widerruf 100001', idempotencyKey: 'shop-refund-9' };
    const first = await provider.refund(input);
    fake.forgetIdempotencyKeys();
    const again = await provider.refund(input);
    expect(again.id).toBe(first.id);
    expect([...fake.refunds.values()].filter((refund) => refund.paymentId === paymentId)).toHaveLength(1);
    // Another key is another refund (a later declaration's), within what is left of the payment.
    await expect(provider.refund({ ...input, amountCents: 100, idempotencyKey: 'shop-refund-10' })).rejects.toThrow(
      /higher than the amount remaining/,
    );
  });

  it('refuses more than what is left of the payment, and payments not paid', async () => {
    const paymentId = await paidPayment(10000);
    await provider.refund({ paymentId, amountCents: 6000, description: 'Teil 1', idempotencyKey: 'shop-refund-2' });
    await expect(
      provider.refund({ paymentId, amountCents: 5000, description: 'Teil 2', idempotencyKey: 'shop-refund-3' }),
    ).rejects.toThrow(/remaining/);
    const open = await paidPayment(5000);
    fake.setStatus(open, 'open');
    await expect(
      provider.refund({ paymentId: open, amountCents: 100, description: 'x', idempotencyKey: 'shop-refund-4' }),
    ).rejects.toThrow(/not refundable/);
  });
});

describe('Mollie captures (fake Mollie Captures API)', () => {
  it('captures an authorized payment once: a second attempt, even under another key, answers the first capture', async () => {
    const paymentId = await paidPayment(28900);
    fake.setStatus(paymentId, 'authorized');
    const first = await provider.capturePayment!({ paymentId, amountCents: 28900, idempotencyKey: 'capture-1' });
    expect(fake.payments.get(paymentId)!.status).toBe('paid');
    const again = await provider.capturePayment!({ paymentId, amountCents: 28900, idempotencyKey: 'capture-2' });
    expect(again.id).toBe(first.id);
    expect([...fake.captures.values()].filter((capture) => capture.paymentId === paymentId)).toEqual([
      expect.objectContaining({ id: first.id, amount: { currency: 'EUR', value: '289.00' } }),
    ]);
  });

  it('refuses payments that are not authorized', async () => {
    const paymentId = await paidPayment(5000);
    await expect(
      provider.capturePayment!({ paymentId, amountCents: 5000, idempotencyKey: 'capture-3' }),
    ).rejects.toThrow(/cannot be captured/);
  });
});
