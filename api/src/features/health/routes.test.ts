import { healthSchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, get } from '../../test/databases.ts';

describeEachDatabase('GET /api/health', (ctx) => {
  it('answers ok and names the database it talks to', async () => {
    const { status, body } = await get(ctx, '/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ result: { status: 'ok', database: ctx.dialect } });
    expect(healthSchema.parse(body.result)).toBeTruthy();
  });
}, { seed: false });
