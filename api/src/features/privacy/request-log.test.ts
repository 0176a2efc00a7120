import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { cheapHashing, client, linkIn, mailsTo, movableClock, newEmail } from '../customer/test-support.ts';
import { customerWithEverything } from './test-support.ts';

/** Everything the app logs, line by line. */
const logged: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

describeEachDatabase(
  'privacy requests in the log',
  (ctx) => {
    it('are logged with what was asked and how it ended, without the content, the address or the token', async () => {
      const c = client(ctx);
      const person = await customerWithEverything(ctx, c);
      const guestEmail = newEmail('protokoll');
      logged.length = 0;
      expect(
        (await c.post('/api/customer/me/privacy/export', { password: person.password }, person.token)).status,
      ).toBe(200);
      expect((await c.post('/api/privacy/request', { email: guestEmail })).status).toBe(200);
      const [mail] = await mailsTo(ctx, guestEmail, { atLeast: 1 });
      const { token } = linkIn(mail!);
      expect((await c.post('/api/privacy/guest/export', { token })).status).toBe(200);
      expect(
        (await c.post('/api/customer/me/privacy/delete', { password: person.password }, person.token)).status,
      ).toBe(200);

      const requests = logged
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.event === 'privacy-request')
        .map(({ request, subject, customerId, outcome }) => ({ request, subject, customerId, outcome }));
      expect(requests).toEqual([
        { request: 'download', subject: 'customer', customerId: person.customerId, outcome: 'given' },
        { request: 'link', subject: 'guest', customerId: undefined, outcome: 'mailed' },
        { request: 'download', subject: 'guest', customerId: undefined, outcome: 'given' },
        { request: 'deletion', subject: 'customer', customerId: person.customerId, outcome: 'done' },
      ]);
      const output = logged.join('\n');
      for (const secret of [
        person.email,
        guestEmail,
        person.firstname,
        person.lastname,
        person.comment,
        token,
        person.password,
      ])
        expect(output).not.toContain(secret);
    });
  },
  {
    app: {
      passwordHashing: cheapHashing,
      now: movableClock().now,
      shopUrl: 'https://shop.test',
      logger: { level: 'info', stream },
    },
  },
);
