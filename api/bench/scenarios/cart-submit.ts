/**
 * POST /api/cart/submit (docs/product-rules.md#checkout): a guest orders a group course (one place, one participant) and a product,
 * paying by card through the sandbox provider. Each request prices again, takes a place, numbers the order and
 * writes order, address, booking, participant, product order and payment in one transaction. Sustained orders
 * per second with 10 connections, and p50/p99 at a fixed 100 orders per second. On SQLite, as `npm start` runs,
 * and on PostgreSQL when local server binaries are there (a throw-away cluster with PostgreSQL's durable
 * defaults: fsync and synchronous commit on, as SQLite's WAL commits are synced too).
 */
import { startTemporaryPostgres } from '../../src/test/temporary-postgres.ts';
import { load, printTable, startServer, type LoadResult } from '../support/load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const targetRate = 100;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: T }).result;
}

async function benchOrder(api: string) {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
  const groups = (
    await json<{ items: { id: number; registrationDeadline: string }[] }>(
      await fetch(`${api}/api/course/search?type=1&limit=50`),
    )
  ).items;
  const course = groups.find((c) => c.registrationDeadline >= today);
  const [product] = (await json<{ items: { id: number }[] }>(await fetch(`${api}/api/product/search?limit=1`))).items;
  if (!course || !product) throw new Error('The seed lacks a bookable course or a product for the benchmark');
  const positions = {
    courses: [{ courseId: course.id, courseType: 1, quantity: 1 }],
    products: [{ productId: product.id, quantity: 1 }],
  };
  // The total the checkout would have shown, as every order carries it.
  const price = await json<{ totalPrice: number }>(
    await fetch(`${api}/api/cart/calculate-price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(positions),
    }),
  );
  return {
    courses: [
      {
        ...positions.courses[0]!,
        participants: [{ firstname: 'Bench', lastname: 'Mark', email: 'bench@example.org' }],
      },
    ],
    products: positions.products,
    expectedTotalPrice: price.totalPrice,
    // The generated courses may start inside the withdrawal period: the buyer asks to start early.
    earlyStartRequested: true,
    billingAddress: {
      firstname: 'Bench',
      lastname: 'Mark',
      addressLine1: 'Hauptstr. 1',
      city: 'Berlin',
      zip: '10115',
      country: 'DE',
    },
    selectedPaymentMethod: 'creditcard',
    emailAddress: 'bench@example.org',
    locale: 'de',
    timezone: 'Europe/Berlin',
  };
}

/** One database's run: its own API process with places enough that no order runs out. */
async function measure(database: string, env: Record<string, string>): Promise<LoadResult[]> {
  const api = await startServer('api-server.ts', { BENCH_PLACES: '10000000', ...env });
  try {
    const order = await benchOrder(api.url);
    const url = `${api.url}/api/cart/submit`;
    const first = await json<{ incrementId: string; paymentLink: string | null }>(
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order),
      }),
    );
    if (!first.paymentLink) throw new Error(`Unexpected order response: ${JSON.stringify(first)}`);
    await load('warm-up', url, { seconds: 2, json: order });
    return [
      await load(`cart submit, ${database} (max)`, url, { seconds, json: order }),
      await load(`cart submit, ${database} @ ${targetRate}/s`, url, { seconds, json: order, rate: targetRate }),
    ];
  } finally {
    api.stop();
  }
}

export default {
  name: 'cart submit (course + product, sandbox card payment) as guest, on SQLite and PostgreSQL',
  async run() {
    const results = await measure('SQLite', {});
    const postgres = await startTemporaryPostgres({ durable: true });
    if ('started' in postgres) {
      try {
        results.push(...(await measure('PostgreSQL', { BENCH_DATABASE_URL: postgres.started.url })));
      } finally {
        postgres.started.stop();
      }
    }
    printTable(results);
    console.log();
    for (let i = 0; i + 1 < results.length; i += 2) {
      const [max, paced] = [results[i]!, results[i + 1]!];
      console.log(
        `${max.label.replace(' (max)', '')}: sustained ${max.rps.toFixed(0)} orders/s; p50/p99 at ${targetRate}/s: ${paced.p50.toFixed(1)} / ${paced.p99.toFixed(1)} ms`,
      );
    }
    if ('notStarted' in postgres) console.log(`PostgreSQL not measured: ${postgres.notStarted}`);
    if (results.some((r) => r.errors + r.non2xx > 0))
      console.log('WARNING: some requests failed; figures are not valid.');
  },
};
