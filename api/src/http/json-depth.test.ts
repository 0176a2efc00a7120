import { errorBodySchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { packageLine } from '../features/cart/test-support.ts';
import { maxJsonDepth } from './json-depth.ts';

const post = (url: string, payload: string) => ({
  method: 'POST' as const,
  url,
  payload,
  headers: { 'content-type': 'application/json' },
});

/** `depth` arrays inside one another around `inner`, as one JSON text. */
const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

describeEachDatabase('JSON nesting depth', (ctx) => {
  it('refuses a body nested deeper than any request of the contract before parsing it, on every route', async () => {
    // A megabyte of brackets took JSON.parse some 80 ms of the event loop per request, on any route (a 404 too),
    // before validation could refuse it: a dozen such requests a second kept a core busy.
    for (const url of ['/api/exam/submit', '/api/cart/calculate-price', '/api/nothing-here']) {
      for (const body of [nested(450_000), `{"courses":${nested(maxJsonDepth)}}`]) {
        const answer = await ctx.app.inject(post(url, body));
        expect(answer.statusCode, url).toBe(400);
        const { error } = errorBodySchema.unwrap().strict().parse(answer.json());
        expect(error.code, url).toBe('INVALID_JSON');
        expect(error.message, url).toMatch(/nested/);
      }
    }
  });

  it('takes brackets inside strings for text, and the deepest real requests as before', async () => {
    const codes = await ctx.app.inject(
      post('/api/cart/calculate-price', JSON.stringify({ discountCodes: ['[[[[[[[[[[[[[[[['.repeat(5)] })),
    );
    // Refused by the schema (too long a code), not by the depth check.
    expect(codes.statusCode).toBe(400);
    expect(codes.json().error.code).toBe('VALIDATION_ERROR');
    // A parked cart line is among the most nested bodies (items, line, details).
    const parked = await ctx.app.inject(post('/api/cart/sync', JSON.stringify({ items: [packageLine] })));
    expect(parked.statusCode).toBe(200);
    // Just inside the limit, a body is parsed and validated as usual.
    const inside = await ctx.app.inject(post('/api/cart/calculate-price', `{"courses":${nested(maxJsonDepth - 1)}}`));
    expect(inside.statusCode).toBe(400);
    expect(inside.json().error.code).toBe('VALIDATION_ERROR');
    // Malformed and empty bodies keep their answers.
    expect((await ctx.app.inject(post('/api/exam/submit', '{"level":'))).json().error.code).toBe('INVALID_JSON');
    expect((await ctx.app.inject(post('/api/exam/submit', ''))).json().error.code).toBe('INVALID_JSON');
  });
});
