import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { renderOrderConfirmation } from '../features/order/confirmation-mail.ts';
import { sampleOrder } from '../features/order/sample-order.ts';
import { queueMail } from './outbox.ts';
import { renderMail } from './templates.ts';

describeEachDatabase(
  'GET /api/dev/mailbox',
  (ctx) => {
    it('lists the outbox (queued mails too) newest first, narrowed to one recipient on request', async () => {
      const send = (to: string, kind: 'verifyEmail' | 'passwordReset') =>
        queueMail(ctx.db, renderMail({ kind, language: 'de', to, name: 'Anna', link: `https://shop.test/${kind}` }));
      await send('anna@example.org', 'verifyEmail');
      await send('ben@example.org', 'verifyEmail');
      await send('anna@example.org', 'passwordReset');

      const all = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().result as {
        to: string;
        subject: string;
      }[];
      expect(all.map((m) => [m.to, m.subject])).toEqual([
        ['anna@example.org', 'Passwort zurücksetzen'],
        ['ben@example.org', 'Bitte bestätigen Sie Ihre E-Mail-Adresse'],
        ['anna@example.org', 'Bitte bestätigen Sie Ihre E-Mail-Adresse'],
      ]);
      const anna = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=Anna@Example.org' })).json()
        .result as Record<string, unknown>[];
      expect(anna).toHaveLength(2);
      expect(Object.keys(anna[0]!).sort()).toEqual(['attachments', 'createdAt', 'html', 'id', 'subject', 'text', 'to']);
      expect(anna[0]!.attachments).toEqual([]);
      expect(anna[0]!.text).toContain('https://shop.test/passwordReset');
    });

    it("lists the order confirmation's .ics, serves it for download, and shows it on the outbox page", async () => {
      const order = { ...sampleOrder, email: 'ics@example.org' };
      await queueMail(ctx.db, renderOrderConfirmation(order, 'de', { name: 'Ana', guest: false }));
      const [mail] = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ics@example.org' })).json()
        .result as {
        id: number;
        attachments: { filename: string; contentType: string; size: number; url: string }[];
      }[];
      expect(mail!.attachments).toHaveLength(1);
      const [file] = mail!.attachments;
      expect(file).toMatchObject({
        filename: 'bestellung-100042.ics',
        url: `/api/dev/mailbox/${mail!.id}/attachments/0`,
      });
      expect(file!.contentType).toMatch(/^text\/calendar/);

      const download = await ctx.app.inject({ method: 'GET', url: file!.url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toMatch(/^text\/calendar/);
      expect(download.headers['content-disposition']).toBe('attachment; filename="bestellung-100042.ics"');
      expect(download.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(download.body).toContain('DTSTART;TZID=Europe/Berlin:20260406T183000');
      expect(Buffer.byteLength(download.body)).toBe(file!.size);

      const page = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ics@example.org' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`href="${file!.url}" download="bestellung-100042.ics"`);
      expect(page.body).toContain(`src="/api/dev/mailbox/${mail!.id}/html"`);
      const html = await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox/${mail!.id}/html` });
      expect(html.body).toContain('Ihre Bestellung 100042');
      expect(html.headers['content-security-policy']).toContain("default-src 'none'");

      for (const url of [
        `/api/dev/mailbox/${mail!.id}/attachments/1`,
        '/api/dev/mailbox/999999/attachments/0',
        '/api/dev/mailbox/999999/html',
      ])
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox/${mail!.id}/attachments/x` })).statusCode,
      ).toBe(400);
    });
  },
  { seed: false },
);

describeEachDatabase(
  'GET /api/dev/mailbox answers this machine only',
  (ctx) => {
    const status = async (remoteAddress: string, headers: Record<string, string> = {}) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress, headers })).statusCode;

    it('answers loopback addresses, IPv4, IPv6 and IPv4-mapped', async () => {
      for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])
        expect(await status(address), address).toBe(200);
    });

    it('keeps the outbox page, mails and attachments to this machine as well', async () => {
      for (const url of ['/api/dev/outbox', '/api/dev/mailbox/1/html', '/api/dev/mailbox/1/attachments/0'])
        expect((await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.7' })).statusCode, url).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    });

    it('answers anyone else with the 404 of a route that does not exist', async () => {
      for (const address of [
        '10.0.0.7',
        '192.168.1.20',
        '203.0.113.5',
        '::ffff:10.0.0.7',
        '2001:db8::1',
        '128.0.0.1',
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: address });
        expect(response.statusCode, address).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: 'Route GET /api/dev/mailbox not found' },
        });
      }
    });

    it('never answers through a proxy, even one on this machine that names a loopback client', async () => {
      for (const headers of [
        { 'x-forwarded-for': '127.0.0.1' } as Record<string, string>,
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
        { 'x-forwarded-host': 'localhost' },
        { via: '1.1 proxy' },
      ]) {
        expect(await status('127.0.0.1', headers), JSON.stringify(headers)).toBe(404);
      }
    });
  },
  { seed: false },
);

describeEachDatabase(
  'GET /api/dev/mailbox with TRUST_PROXY set',
  (ctx) => {
    it('still reads the socket: a forwarded request naming a loopback client gets 404', async () => {
      const forwarded = await ctx.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(404);
      const fromProxyHost = await ctx.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(fromProxyHost.statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(200);
    });
  },
  { seed: false, app: { trustProxy: true } },
);
