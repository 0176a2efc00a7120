import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './client.ts';
import * as customerApi from './customer.ts';
import { onUnauthorized } from './unauthorized.ts';

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

afterEach(() => configureApi({ token: () => null }));

describe('customer calls', () => {
  const link = { token: 't', email: 'a@b.c' };
  const calls: [string, () => Promise<unknown>, string][] = [
    ['fetchCustomer', () => customerApi.fetchCustomer(), 'Failed to fetch customer data'],
    ['login', () => customerApi.login({ email: 'a@b.c', password: 'x' }), 'Login failed: Invalid email or password'],
    [
      'register',
      () => customerApi.register({ firstname: 'A', lastname: 'B', email: 'a@b.c', password: 'x', locale: 'de' }),
      'Failed to register customer',
    ],
    ['updateCustomer', () => customerApi.updateCustomer({ firstname: 'A' }), 'Failed to update customer data'],
    ['verifyEmail', () => customerApi.verifyEmail(link), 'Failed to verify email'],
    [
      'requestPasswordReset',
      () => customerApi.requestPasswordReset({ email: 'a@b.c' }),
      'Failed to request password reset',
    ],
    ['resetPassword', () => customerApi.resetPassword({ ...link, newPassword: 'x' }), 'Failed to reset password'],
    [
      'saveBillingAddress',
      () =>
        customerApi.saveBillingAddress({
          firstname: 'A',
          lastname: 'B',
          addressLine1: '',
          addressLine2: '',
          city: '',
          zip: '',
          country: 'DE',
        }),
      'Failed to create billing address',
    ],
    ['fetchBalances', () => customerApi.fetchBalances(), 'Failed to fetch customer balances'],
    [
      'updatePassword',
      () => customerApi.updatePassword({ currentPassword: 'a', newPassword: 'b' }),
      'Failed to update password',
    ],
  ];

  it.each(calls)(
    '%s throws the docs/product-rules.md#errors message when the result is missing',
    async (_, run, message) => {
      answer(200, {});
      await expect(run()).rejects.toThrow(message);
    },
  );

  it('sends the token and the paging of the orders screen', async () => {
    configureApi({ token: () => 'tok' });
    const fetch = answer(200, { result: [] });
    await customerApi.fetchOrders();
    expect(fetch.mock.calls[0]![0]).toBe('/api/customer/me/orders?limit=20&offset=0');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('confirms an e-mail change with the session token when logged in, so that session stays', async () => {
    configureApi({ token: () => 'tok' });
    const fetch = answer(200, { result: {} });
    await customerApi.verifyEmailChange({ token: 't', email: 'a@b.c' }).catch(() => undefined);
    expect(fetch.mock.calls[0]![0]).toBe('/api/customer/verify-email-change');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('a failed login does not end anybody session; any other 401 does', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    answer(401, { error: { code: 'INVALID_CREDENTIALS', message: 'no' } });
    await expect(customerApi.login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(listener).not.toHaveBeenCalled();
    await expect(customerApi.fetchBalances()).rejects.toThrow();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('fetchBillingAddress returns nothing on any failure', async () => {
    answer(500, {});
    await expect(customerApi.fetchBillingAddress()).resolves.toBeNull();
    answer(200, { result: null });
    await expect(customerApi.fetchBillingAddress()).resolves.toBeNull();
  });
});
