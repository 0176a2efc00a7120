import { Gauge, type Registry } from 'prom-client';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * `shop_cases{kind,status}` and `shop_refunds{status}` / `shop_refunded_cents{status}`: read from the database at
 * scrape time, so every process reports the same shop-wide numbers and they follow each case and refund at once.
 */
export function registerCaseMetrics(registry: Registry, db: Kysely<Database>): void {
  new Gauge({
    name: 'shop_cases',
    help: 'Cases that need a person, by kind and status (open, closed)',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('order_case')
        .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy(['kind', 'status'])
        .execute();
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.count));
    },
  });
  const refunds = async () =>
    db
      .selectFrom('refund')
      .select([
        'status',
        (eb) => eb.fn.countAll<number | string>().as('count'),
        (eb) => eb.fn.sum<number | string>('amount_cents').as('cents'),
      ])
      .groupBy('status')
      .execute();
  new Gauge({
    name: 'shop_refunds',
    help: 'Refunds (withdrawals and the owner), by status (pending, issued, failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await refunds();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'shop_refunded_cents',
    help: 'Money in refunds, in cents, by status (pending, issued, failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await refunds();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.cents));
    },
  });
}
