import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { customerFixture } from '../testing/fixtures.ts';
import { useAuthStore } from './auth.ts';
import { useCustomerStore } from './customer.ts';

const customer = (email: string, verified = true) => customerFixture({ email, isEmailVerified: verified });

function answerWith(...bodies: unknown[]) {
  const fetch = vi.spyOn(globalThis, 'fetch');
  fetch.mockClear();
  for (const body of bodies) fetch.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
  return fetch;
}

beforeEach(() => {
  configureApi({ token: () => useAuthStore.getState().token });
  useAuthStore.getState().logOut();
});

describe('customer store', () => {
  it('loads the customer of the current token once, and again only when forced', async () => {
    useAuthStore.getState().logIn('t1', false);
    const fetch = answerWith({ result: customer('a@example.org') }, { result: customer('a@example.org', false) });
    expect(await useCustomerStore.getState().load()).toMatchObject({ email: 'a@example.org' });
    expect(await useCustomerStore.getState().load()).toMatchObject({ isEmailVerified: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await useCustomerStore.getState().load({ force: true })).toMatchObject({ isEmailVerified: false });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer t1');
  });

  it('shares one request between simultaneous loads', async () => {
    useAuthStore.getState().logIn('t1', false);
    const fetch = answerWith({ result: customer('a@example.org') });
    await Promise.all([useCustomerStore.getState().load(), useCustomerStore.getState().load()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('empties itself on logout and another login, but keeps the customer when the token is only rotated', async () => {
    useAuthStore.getState().logIn('t1', true);
    answerWith({ result: customer('a@example.org') });
    await useCustomerStore.getState().load();
    useAuthStore.getState().replaceToken('t1-rotated');
    expect(useCustomerStore.getState()).toMatchObject({ status: 'ready', customer: { email: 'a@example.org' } });
    const fetch = answerWith({ result: customer('b@example.org') });
    expect(await useCustomerStore.getState().load()).toMatchObject({ email: 'a@example.org' });
    expect(fetch).not.toHaveBeenCalled();

    useAuthStore.getState().logIn('t2', false);
    expect(useCustomerStore.getState()).toMatchObject({ status: 'idle', customer: null });
    expect(await useCustomerStore.getState().load()).toMatchObject({ email: 'b@example.org' });
    useAuthStore.getState().logOut();
    expect(useCustomerStore.getState().customer).toBeNull();
    expect(await useCustomerStore.getState().load()).toBeNull();
  });

  it('drops an answer that arrives after the session changed, and reports failures', async () => {
    useAuthStore.getState().logIn('t1', false);
    let resolve: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const pending = useCustomerStore.getState().load();
    useAuthStore.getState().logOut();
    resolve(new Response(JSON.stringify({ result: customer('late@example.org') }), { status: 200 }));
    expect(await pending).toBeNull();
    expect(useCustomerStore.getState().customer).toBeNull();

    useAuthStore.getState().logIn('t3', false);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{}', { status: 500 }));
    expect(await useCustomerStore.getState().load()).toBeNull();
    expect(useCustomerStore.getState().status).toBe('error');
  });

  it('keeps the customer it has when a forced refresh fails (the save before it went through)', async () => {
    useAuthStore.getState().logIn('t4', false);
    answerWith({ result: customer('a@example.org') });
    await useCustomerStore.getState().load();
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{}', { status: 503 }));
    expect(await useCustomerStore.getState().load({ force: true })).toBeNull();
    expect(useCustomerStore.getState()).toMatchObject({ status: 'ready', customer: { email: 'a@example.org' } });
  });
});
