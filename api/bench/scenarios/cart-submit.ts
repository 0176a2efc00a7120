/**
 * POST /api/cart/submit (issue 6): a guest orders a group course (one place, one participant) and a product,
 * paying by card through the sandbox provider. Each request prices again, takes a place, numbers the order and
 * writes order, address, booking, participant, product order and payment in one transaction. Sustained orders
 * per second with 10 connections, and p50/p99 at a fixed 100 orders per second. SQLite, as `npm start` runs.
 */
import { load, printTable, startServer, type LoadResult } from '../support/load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const targetRate = 100;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: T }).result;
}

async function benchOrder(api: string) {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
  const groups = (await json<{ items: { id: number; registrationDeadline: string }[] }>(await fetch(`${api}/api/course/search?type=1&limit=50`))).items;
  const course = groups.find((c) => c.registrationDeadline >= today);
  const [product] = (await json<{ items: { id: number }[] }>(await fetch(`${api}/api/product/search?limit=1`))).items;
  if (!course || !product) throw new Error('The seed lacks a bookable course or a product for the benchmark');
  return {
    courses: [{ courseId: course.id, courseType: 1, quantity: 1, participants: [{ firstname: 'Bench', lastname: 'Mark', email: 'bench@example.org' }] }],
    products: [{ productId: product.id, quantity: 1 }],
    billingAddress: { firstname: 'Bench', lastname: 'Mark', addressLine1: 'Hauptstr. 1', city: 'Berlin', zip: '10115', country: 'DE' },
    selectedPaymentMethod: 'card',
    emailAddress: 'bench@example.org',
    locale: 'de',
    timezone: 'Europe/Berlin',
  };
}

export default {
  name: 'cart submit (course + product, sandbox card payment) as guest',
  async run() {
    const api = await startServer('api-server.ts', { BENCH_PLACES: '10000000' });
    try {
      const order = await benchOrder(api.url);
      const url = `${api.url}/api/cart/submit`;
      const first = await json<{ incrementId: string; paymentLink: string | null }>(
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) }),
      );
      if (!first.paymentLink) throw new Error(`Unexpected order response: ${JSON.stringify(first)}`);
      await load('warm-up', url, { seconds: 2, json: order });
      const results: LoadResult[] = [await load('cart submit (max)', url, { seconds, json: order }), await load(`cart submit @ ${targetRate}/s`, url, { seconds, json: order, rate: targetRate })];
      printTable(results);
      console.log(`\nsustained orders per second: ${results[0]!.rps.toFixed(0)}; p50/p99 at ${targetRate}/s: ${results[1]!.p50.toFixed(1)} / ${results[1]!.p99.toFixed(1)} ms`);
      if (results.some((r) => r.errors + r.non2xx > 0)) console.log('WARNING: some requests failed; figures are not valid.');
    } finally {
      api.stop();
    }
  },
};
