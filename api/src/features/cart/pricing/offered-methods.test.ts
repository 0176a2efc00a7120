import { describe, expect, it, vi } from 'vitest';
import { offeredMethodsOf } from './offered-methods.ts';
import type { PaymentProvider } from '../../payment-provider/provider.ts';

/** Lets a background refresh finish. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const provider = (enabledMethods?: () => Promise<ReadonlySet<string>>): PaymentProvider => ({
  name: 'test',
  createPayment: () => Promise.reject(new Error('unused')),
  fetchPayment: () => Promise.resolve(null),
  refund: () => Promise.reject(new Error('not used')),
  ...(enabledMethods ? { enabledMethods } : {}),
});

describe('offeredMethodsOf', () => {
  it('offers the whole list when the provider has none (sandbox)', async () => {
    expect([...(await offeredMethodsOf(provider())())]).toEqual([
      'eps',
      'creditcard',
      'paybybank',
      'klarna',
      'applepay',
    ]);
  });

  it('offers the shop methods the provider enabled, in the shop order, asking once per ttl and once for parallel callers; an outdated list is answered while a fresh one is fetched', async () => {
    let enabled = new Set(['klarna', 'ideal', 'creditcard']);
    const list = vi.fn(async () => enabled);
    let clock = 0;
    const offered = offeredMethodsOf(provider(list), { ttlMs: 600_000, now: () => clock });
    const parallel = await Promise.all([offered(), offered(), offered()]);
    for (const methods of parallel) expect([...methods]).toEqual(['creditcard', 'klarna']);
    expect(list).toHaveBeenCalledTimes(1);
    enabled = new Set(['eps']);
    clock = 599_999;
    expect([...(await offered())]).toEqual(['creditcard', 'klarna']);
    clock = 600_000;
    expect([...(await offered())]).toEqual(['creditcard', 'klarna']);
    await flush();
    expect([...(await offered())]).toEqual(['eps']);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('keeps the last known list while the provider fails, asking again after the retry interval', async () => {
    let failing = false;
    const list = vi.fn(async () => {
      if (failing) throw new Error('down');
      return new Set(['eps']);
    });
    let clock = 0;
    const errors: unknown[] = [];
    const offered = offeredMethodsOf(provider(list), {
      ttlMs: 1000,
      retryMs: 100,
      now: () => clock,
      onError: (error) => errors.push(error),
    });
    expect([...(await offered())]).toEqual(['eps']);
    failing = true;
    clock = 1000;
    expect([...(await offered())]).toEqual(['eps']);
    await flush();
    clock = 1099;
    expect([...(await offered())]).toEqual(['eps']);
    expect(list).toHaveBeenCalledTimes(2);
    failing = false;
    clock = 1100;
    await offered();
    await flush();
    expect(list).toHaveBeenCalledTimes(3);
    expect(errors).toHaveLength(1);
  });

  it('makes the first callers wait for the first list, and offers the whole list when that request fails', async () => {
    let answer: (methods: ReadonlySet<string>) => void = () => {};
    const waiting = offeredMethodsOf(provider(() => new Promise((resolve) => (answer = resolve))))();
    answer(new Set(['klarna']));
    expect([...(await waiting)]).toEqual(['klarna']);
    const offered = offeredMethodsOf(
      provider(() => Promise.reject(new Error('down'))),
      { onError: () => {} },
    );
    expect((await offered()).size).toBe(5);
  });
});
