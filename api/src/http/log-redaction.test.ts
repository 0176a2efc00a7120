import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import {
  client,
  customerTestOptions,
  linkIn,
  mailsTo,
  newEmail,
  verifiedCustomer,
} from '../features/customer/test-support.ts';
import { logLinesWithSecrets, maskEmail, scrubText } from './scrub.ts';

/** Everything the app logs, line by line, as the process would write it to stdout. */
const logged: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

const card = '4111 1111 1111 1111';
const base = customerTestOptions();

describeEachDatabase(
  'logs without secrets',
  (ctx) => {
    it('never writes passwords, tokens, links with tokens, card numbers or full e-mail addresses', async () => {
      logged.length = 0;
      const c = client(ctx);
      const account = await verifiedCustomer(ctx, c, { email: newEmail('geheim') });
      const login = await c.post('/api/customer/login', { email: account.email, password: account.password });
      const sessionToken = login.body.result.token as string;
      expect((await c.get('/api/customer/me', sessionToken)).status).toBe(200);
      expect((await c.post('/api/customer/request-password-reset', { email: account.email })).status).toBe(200);
      const [resetMail] = await mailsTo(ctx, account.email, { atLeast: 2 });
      const reset = linkIn(resetMail!);
      // Secrets in the URL: a parked cart's id in the path, a token in the query.
      await c.get('/api/cart/sync/Zx9Q2mW7aB4kL0pR8tY3');
      await c.get(`/api/customer/me?token=${reset.token}&email=${encodeURIComponent(account.email)}`);
      // A careless log call and an error quoting what it was given, as they may creep in.
      await ctx.app.inject({
        method: 'POST',
        url: '/test/careless',
        payload: { email: account.email, password: account.password, link: reset.url.toString(), card },
      });

      const output = logged.join('\n');
      expect(output).toContain('careless log call');
      expect(output).toContain(maskEmail(account.email));
      for (const secret of [
        account.password,
        sessionToken,
        reset.token,
        reset.url.toString(),
        account.email,
        card,
        card.replaceAll(' ', ''),
        'Zx9Q2mW7aB4kL0pR8tY3',
      ]) {
        expect(output, secret).not.toContain(secret);
      }
      expect(logLinesWithSecrets(output)).toEqual([]);
    });
  },
  {
    ...base,
    app: { ...base.app, logger: { level: 'info', stream } },
    configure: (app) => {
      app.post('/test/careless', async (request) => {
        const body = request.body as { email: string; password: string; link: string; card: string };
        request.log.info(
          { customer: { email: body.email, password: body.password }, resetLink: body.link, cardNumber: body.card },
          `careless log call for ${body.email}`,
        );
        request.log.error(new Error(`SMTP refused ${body.email}: ${body.link} (card ${body.card})`), 'mail failed');
        return { ok: true };
      });
    },
  },
);

describe('scrubText', () => {
  it('masks addresses and removes tokens, credentials and card numbers, and leaves other text alone', () => {
    expect(scrubText('mail to anna.schmidt@example.de failed')).toBe('mail to a***@example.de failed');
    expect(scrubText('https://shop.test/password-new?token=abcDEF123_-x&email=a%40b.de')).toBe(
      'https://shop.test/password-new?token=[redacted]&email=a%40b.de',
    );
    expect(scrubText('postgres://shop:s3cret@db:5432/shop')).toBe('postgres://shop:[redacted]@db:5432/shop');
    expect(scrubText('paid with 4111-1111-1111-1111')).toBe('paid with [redacted]');
    expect(scrubText('order 100000123 at 1763000000000, took 35.70807199999945 ms')).toBe(
      'order 100000123 at 1763000000000, took 35.70807199999945 ms',
    );
    expect(scrubText('GET /api/orders/100000123/state')).toBe('GET /api/orders/100000123/state');
    // A payment id whose hex happens to hold a Luhn-valid run of 16 digits is an id, not a card number.
    expect(scrubText('payment sbx_4205431866447339aec259d4 arrived')).toBe(
      'payment sbx_4205431866447339aec259d4 arrived',
    );
    expect(scrubText('tr_4111111111111111 and 4111111111111111x')).toBe('tr_4111111111111111 and 4111111111111111x');
    // Idempotent, so a scrubbed line is recognised as clean.
    expect(scrubText(scrubText('a***@example.de [redacted]'))).toBe('a***@example.de [redacted]');
  });
});
