/**
 * GET /api/course/search over a generated catalogue of 2,000 courses, with three typical filter mixes, beside a
 * bare Fastify hello-world as the baseline. For each: the most requests per second 10 connections get, and the
 * latency (p50/p99) at a fixed 500 requests per second. Aim (docs/product-rules.md#limits): p99 ≤ 10 ms at 500 req/s, and at least
 * 30 % of the hello-world rate.
 */
import { addDays, isoDateInZone } from '../../src/lib/dates.ts';
import { load, printTable, startServer, type LoadResult } from '../support/load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const targetRate = 500;

function mixes(today: string): [string, string][] {
  const in3Months = addDays(today, 91);
  const in6Months = addDays(today, 182);
  return [
    // /courses as it opens: group courses of the next 3 months.
    ['group courses, 3 months', `type=1&courseStartUntil=${in3Months}&limit=100`],
    // The filter bar in use: two levels, evening, two weekdays, 6 months (OR within, AND across categories).
    [
      'tags b1|b2 + evening + mon|wed, 6 months',
      `type=1&tags[]=b1&tags[]=b2&tags[]=evening&tags[]=monday&tags[]=wednesday&courseStartUntil=${in6Months}&limit=100`,
    ],
    // Conversation hours by price and date window, second page.
    [
      'type 3, price ≤ 30, date window, page 2',
      `type=3&priceMax=30&startDate=${addDays(today, 7)}&endDate=${in6Months}&page=2&limit=20`,
    ],
  ];
}

export default {
  name: 'course search on 2,000 courses vs. Fastify hello-world',
  async run() {
    const hello = await startServer('hello-server.ts');
    const api = await startServer('api-server.ts', { BENCH_COURSES: '2000' });
    try {
      const results: LoadResult[] = [];
      // Warm-up: JIT and SQLite page cache, so the first measured mix is not penalised.
      await load('warm-up', `${api.url}/api/course/search?limit=100`, { seconds: 2 });
      await load('warm-up', `${hello.url}/`, { seconds: 1 });

      const baseline = await load('hello-world (max)', `${hello.url}/`, { seconds });
      results.push(
        baseline,
        await load(`hello-world @ ${targetRate}/s`, `${hello.url}/`, { seconds, rate: targetRate }),
      );
      const searchMax: LoadResult[] = [];
      for (const [label, query] of mixes(isoDateInZone(new Date()))) {
        const url = `${api.url}/api/course/search?${query}`;
        const max = await load(`${label} (max)`, url, { seconds });
        searchMax.push(max);
        results.push(max, await load(`${label} @ ${targetRate}/s`, url, { seconds, rate: targetRate }));
      }
      printTable(results);

      const fixedRate = results.filter((r) => r.label.endsWith(`@ ${targetRate}/s`) && !r.label.startsWith('hello'));
      const worstP99 = Math.max(...fixedRate.map((r) => r.p99));
      const worstShare = Math.min(...searchMax.map((r) => r.rps / baseline.rps));
      console.log(
        `\nworst p99 at ${targetRate} req/s: ${worstP99.toFixed(1)} ms (aim ≤ 10 ms) — ${worstP99 <= 10 ? 'met' : 'NOT met'}`,
      );
      console.log(
        `lowest share of hello-world rate: ${(worstShare * 100).toFixed(0)} % (aim ≥ 30 %) — ${worstShare >= 0.3 ? 'met' : 'NOT met'}`,
      );
      if (results.some((r) => r.errors + r.non2xx > 0))
        console.log('WARNING: some requests failed; figures are not valid.');
    } finally {
      api.stop();
      hello.stop();
    }
  },
};
