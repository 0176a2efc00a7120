/**
 * POST /api/cart/calculate-price (docs/product-rules.md#cart) for a 5-item cart with two discount codes — two group courses, a
 * conversation hour, a product and a conversation-hour package; WILLKOMMEN10 and SOMMER25 — as a guest and as
 * a logged-in customer (session lookup, balances, per-customer code uses, credits), beside the bare Fastify
 * hello-world. For each: the most requests per second 10 connections get, and p50/p99 at a fixed 300 requests
 * per second. Aim: p99 ≤ 15 ms at 300 req/s. The API runs on the seeded SQLite database, as `npm start` does.
 */
import { load, printTable, startServer, type LoadResult } from '../support/load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const targetRate = 300;

interface Course {
  id: number;
  type: 1 | 2 | 3;
  freePlaces: number;
  registrationDeadline: string;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: T }).result;
}

/** A cart that the server prices fully: bookable courses with enough places, so nothing is cut. */
async function benchCart(api: string) {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
  const bookable = (list: Course[]) => list.filter((c) => c.freePlaces >= 2 && c.registrationDeadline >= today);
  const groups = bookable(
    (await json<{ items: Course[] }>(await fetch(`${api}/api/course/search?type=1&limit=50`))).items,
  );
  const conversation = bookable(
    (await json<{ items: Course[] }>(await fetch(`${api}/api/course/search?type=3&limit=50`))).items,
  );
  const products = (await json<{ items: { id: number }[] }>(await fetch(`${api}/api/product/search?limit=5`))).items;
  if (groups.length < 2 || conversation.length < 1 || products.length < 1)
    throw new Error('The seed lacks bookable courses for the benchmark');
  return {
    courses: [
      { courseId: groups[0]!.id, courseType: 1, quantity: 2 },
      { courseId: groups[1]!.id, courseType: 1, quantity: 1 },
      { courseId: conversation[0]!.id, courseType: 3, quantity: 2 },
    ],
    products: [{ productId: products[0]!.id, quantity: 1 }],
    packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
    discountCodes: ['WILLKOMMEN10', 'SOMMER25'],
    locale: 'de',
    applePayAvailable: false,
  };
}

/** A verified customer through the public API (register, the dev outbox's link, verify, log in); returns the token. */
async function benchCustomer(api: string): Promise<string> {
  const email = `bench.cart.${Date.now()}@example.org`;
  const password = 'Bench#Pass1';
  const post = (path: string, body: unknown) =>
    fetch(`${api}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await json(await post('/customer/register', { firstname: 'Bench', lastname: 'Mark', email, password, locale: 'de' }));
  // The verification mail is sent after the answer: wait for it.
  let mail: { text: string } | undefined;
  for (let attempt = 0; !mail && attempt < 100; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    [mail] = await json<{ text: string }[]>(await fetch(`${api}/api/dev/mailbox?to=${encodeURIComponent(email)}`));
  }
  const link = new URL(/http\S+verify-email\S+/.exec(mail!.text)![0]);
  await json(await post('/customer/verify-email', { token: link.searchParams.get('token'), email }));
  return (await json<{ token: string }>(await post('/customer/login', { email, password }))).token;
}

export default {
  name: 'cart price (5 items, 2 codes) as guest and customer vs. Fastify hello-world',
  async run() {
    const hello = await startServer('hello-server.ts');
    const api = await startServer('api-server.ts');
    try {
      const cart = await benchCart(api.url);
      const token = await benchCustomer(api.url);
      const url = `${api.url}/api/cart/calculate-price`;
      const asCustomer = { authorization: `Bearer ${token}` };
      // Both answer with every code valid and nothing cut; a wrong cart would measure the error path.
      for (const headers of [{}, asCustomer]) {
        const result = await json<{ discountsApplied: unknown[]; quantityAdjustments: unknown[] }>(
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(cart),
          }),
        );
        if (result.discountsApplied.length !== 2 || result.quantityAdjustments.length !== 0)
          throw new Error(`Unexpected price result: ${JSON.stringify(result)}`);
      }

      await load('warm-up', url, { seconds: 2, json: cart });
      await load('warm-up', url, { seconds: 2, json: cart, headers: asCustomer });
      await load('warm-up', `${hello.url}/`, { seconds: 1 });

      const baseline = await load('hello-world (max)', `${hello.url}/`, { seconds });
      const results: LoadResult[] = [
        baseline,
        await load(`hello-world @ ${targetRate}/s`, `${hello.url}/`, { seconds, rate: targetRate }),
      ];
      const maxima: LoadResult[] = [];
      for (const [label, headers] of [
        ['cart price, guest', {}],
        ['cart price, customer', asCustomer],
      ] as const) {
        const max = await load(`${label} (max)`, url, { seconds, json: cart, headers });
        maxima.push(max);
        results.push(
          max,
          await load(`${label} @ ${targetRate}/s`, url, { seconds, json: cart, headers, rate: targetRate }),
        );
      }
      printTable(results);

      const fixedRate = results.filter((r) => r.label.endsWith(`@ ${targetRate}/s`) && !r.label.startsWith('hello'));
      const worstP99 = Math.max(...fixedRate.map((r) => r.p99));
      console.log(
        `\nworst p99 at ${targetRate} req/s: ${worstP99.toFixed(1)} ms (aim ≤ 15 ms) — ${worstP99 <= 15 ? 'met' : 'NOT met'}`,
      );
      for (const max of maxima)
        console.log(`${max.label}: ${((max.rps / baseline.rps) * 100).toFixed(0)} % of the hello-world rate`);
      if (results.some((r) => r.errors + r.non2xx > 0))
        console.log('WARNING: some requests failed; figures are not valid.');
    } finally {
      api.stop();
      hello.stop();
    }
  },
};
