import { text } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMails } from '../../mail/delivery.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';
import { client } from '../customer/test-support.ts';
import { choose, courseOrder, insertCourse, orderByNumber, paymentOf, pendingOrder } from '../order/test-support.ts';
import { retention } from '../privacy/retention.ts';
import { exportOrdersCsv } from './order-export.ts';

const bom = '\uFEFF';

describeEachDatabase('admin orders API', (ctx) => {
  let staff: { authorization: string };
  let owner: { authorization: string };
  beforeAll(async () => {
    staff = (await staffToken(ctx, 'staff')).headers;
    owner = (await staffToken(ctx, 'owner')).headers;
  });
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = staff) => {
    const response = await ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...headers, 'accept-language': 'de' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.body, json: () => response.json() as any, response };
  };
  /** A guest's paid order of two places (Müller and a second participant) of a fresh course. */
  async function paidOrder(email = `kaeufer.${Math.random().toString(36).slice(2)}@example.org`) {
    const pending = await pendingOrder(ctx, { email, quantity: 2 });
    await choose(ctx, pending.providerId, 'paid');
    return { ...pending, order: await orderByNumber(ctx, pending.order.increment_id) };
  }
  const outbox = (to: string) =>
    ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', to).orderBy('id').execute();

  it('describes every operation in the OpenAPI document', async () => {
    const doc = (await call('GET', '/openapi.json')).json();
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
      (methods) => Object.values(methods).map((op) => op.operationId),
    );
    expect(ids).toEqual(
      expect.arrayContaining([
        'listOrders',
        'getOrder',
        'exportOrders',
        'updateOrderParticipant',
        'resendOrderConfirmation',
        'listCourseParticipants',
        'exportCourseParticipants',
        'listFailedMails',
        'retryMail',
        'listRetentionPeriods',
      ]),
    );
  });

  it('answers 401 without a staff session, for every call', async () => {
    for (const [method, url] of [
      ['GET', '/orders'],
      ['GET', '/orders/1'],
      ['GET', '/orders/export?year=2026'],
      ['PATCH', '/orders/1/participants/1'],
      ['POST', '/orders/1/resend-confirmation'],
      ['GET', '/courses/1/participants'],
      ['GET', '/courses/1/participants/export'],
      ['GET', '/mails/failed'],
      ['POST', '/mails/retry'],
      ['GET', '/privacy/retention'],
    ] as const) {
      const reply = await ctx.app.inject({
        method,
        url: `/api/admin${url}`,
        payload: method === 'GET' ? undefined : {},
      });
      expect(reply.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('finds a paid order by number, e-mail and name, and filters by status, course, method and date', async () => {
    const { order, course, email } = await paidOrder();
    const pending = await pendingOrder(ctx, { method: 'eps' });
    for (const headers of [staff, owner]) {
      const byNumber = (await call('GET', `/orders?q=${order.increment_id}`, undefined, headers)).json().result;
      expect(byNumber.items.map((o: any) => o.id)).toEqual([order.id]);
    }
    const byEmail = (await call('GET', `/orders?q=${encodeURIComponent(email.toUpperCase())}`)).json().result;
    expect(byEmail.items).toEqual([
      expect.objectContaining({
        id: order.id,
        incrementId: order.increment_id,
        status: 'paid',
        email,
        name: 'Ana García',
        totalCents: 57800,
        paymentMethod: 'creditcard',
      }),
    ]);
    const byName = (await call('GET', `/orders?q=ana%20garc&perPage=200`)).json().result;
    expect(byName.items.map((o: any) => o.id)).toEqual(expect.arrayContaining([order.id, pending.order.id]));
    const byCourse = (await call('GET', `/orders?courseId=${course.id}`)).json().result;
    expect(byCourse).toMatchObject({ total: 1, items: [{ id: order.id }] });
    const paidOnly = (await call('GET', `/orders?status=paid&perPage=200`)).json().result;
    expect(paidOnly.items.map((o: any) => o.id)).toContain(order.id);
    expect(paidOnly.items.map((o: any) => o.id)).not.toContain(pending.order.id);
    const eps = (await call('GET', `/orders?paymentMethod=eps&perPage=200`)).json().result;
    expect(eps.items.map((o: any) => o.id)).toEqual([pending.order.id]);
    const today = testNow.toISOString().slice(0, 10);
    expect((await call('GET', `/orders?from=${today}&to=${today}&q=${order.increment_id}`)).json().result.total).toBe(
      1,
    );
    expect((await call('GET', `/orders?to=2025-12-31&q=${order.increment_id}`)).json().result.total).toBe(0);
    // Newest first by default; sorted by number ascending on request.
    const all = (await call('GET', `/orders?perPage=200`)).json().result.items.map((o: any) => o.id);
    expect(all.indexOf(pending.order.id)).toBeLessThan(all.indexOf(order.id));
    const ascending = (await call('GET', `/orders?sort=incrementId&order=asc&perPage=200`)).json().result.items;
    expect(ascending.map((o: any) => o.incrementId)).toEqual(
      [...ascending.map((o: any) => o.incrementId)].sort((a: string, b: string) => a.localeCompare(b)),
    );
  });

  it('refuses a bad filter with field errors (400), never a 500', async () => {
    for (const query of ['status=lost', 'from=2026-13-01', 'sort=email', 'perPage=1000', 'courseId=x']) {
      const reply = await call('GET', `/orders?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('shows one order whole: positions, participants, payment with the provider id, mails, audit trail', async () => {
    const { order, course, email, providerId } = await paidOrder();
    const detail = (await call('GET', `/orders/${order.id}`)).json().result;
    expect(detail).toMatchObject({
      id: order.id,
      status: 'paid',
      email,
      billingAddress: { firstname: 'Ana', lastname: 'García', city: 'Berlin' },
      courses: [
        {
          courseId: course.id,
          quantity: 2,
          totalCents: 57800,
          withdrawalId: null,
          participants: [
            { firstname: 'Teil1', email: 'teil1@example.org' },
            { firstname: 'Teil2', email: 'teil2@example.org' },
          ],
        },
      ],
      payments: [{ provider: 'sandbox', transactionId: providerId, status: 'paid', amountCents: 57800 }],
      refunds: [],
      withdrawals: [],
      codes: [],
      audit: [],
    });
    // The order-received mail of the submit and the confirmation, still in the outbox's queue, with their state.
    expect(detail.mails).toEqual([
      expect.objectContaining({
        to: email,
        subject: `Bestellung ${order.increment_id} eingegangen – Zahlung noch offen`,
        status: 'queued',
      }),
      expect.objectContaining({ to: email, subject: `Ihre Bestellung ${order.increment_id}`, status: 'queued' }),
    ]);
    expect((await call('GET', '/orders/999999')).status).toBe(404);
  });

  it("gives each product line's amount as the server reckons it, so the screen need not", async () => {
    const { order } = await paidOrder();
    const product = await ctx.db.kysely.selectFrom('product').select('id').orderBy('id').executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto('product_order')
      .values({ order_id: order.id, product_id: product.id, quantity: 3, unit_price_cents: 1950, discount_cents: 500 })
      .execute();
    const detail = (await call('GET', `/orders/${order.id}`)).json().result;
    expect(detail.products).toEqual([
      expect.objectContaining({ quantity: 3, unitPriceCents: 1950, discountCents: 500, totalCents: 5350 }),
    ]);
  });

  it('corrects a participant, mails the buyer in the order language, and audits it', async () => {
    const { order, email } = await paidOrder();
    const detail = (await call('GET', `/orders/${order.id}`)).json().result;
    const participant = detail.courses[0].participants[0];
    const url = `/orders/${order.id}/participants/${participant.id}`;
    const invalid = await call('PATCH', url, { email: 'no-address' });
    expect(invalid.status).toBe(400);
    expect(invalid.json().error.fields).toHaveProperty('email');
    expect((await call('PATCH', url, {})).status).toBe(400);
    expect((await call('PATCH', url, { nickname: 'x' })).status).toBe(400);

    const before = (await outbox(email)).length;
    const reply = await call('PATCH', url, { lastname: 'Müller', email: ' Neu@Example.org ' }, owner);
    expect(reply.status, reply.body).toBe(200);
    expect(reply.json().result).toEqual({
      participant: expect.objectContaining({ id: participant.id, lastname: 'Müller', email: 'neu@example.org' }),
      mailQueued: true,
    });
    const mails = await outbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Angaben zu Teilnehmenden geändert – Bestellung ${order.increment_id}`);
    expect(mails.at(-1)!.text).toContain('Teil1 Müller <neu@example.org>');
    expect(mails.at(-1)!.text).toContain('Teil1 Nehmer <teil1@example.org>');

    const after = (await call('GET', `/orders/${order.id}`)).json().result;
    expect(after.courses[0].participants[0]).toMatchObject({ lastname: 'Müller', email: 'neu@example.org' });
    expect(after.audit).toEqual([
      expect.objectContaining({
        action: 'updateOrderParticipant',
        before: expect.objectContaining({ lastname: 'Nehmer' }),
        after: expect.objectContaining({ lastname: 'Müller' }),
      }),
    ]);
    // The same values again change nothing: no mail, no entry.
    expect((await call('PATCH', url, { lastname: 'Müller' })).json().result.mailQueued).toBe(false);
    expect(await outbox(email)).toHaveLength(before + 1);
    // A participant of another order is not this order's.
    const other = await paidOrder();
    expect(
      (await call('PATCH', `/orders/${other.order.id}/participants/${participant.id}`, { lastname: 'X' })).status,
    ).toBe(404);
  });

  it('mails an English buyer in English', async () => {
    const pending = await pendingOrder(ctx, { locale: 'en' });
    await choose(ctx, pending.providerId, 'paid');
    const detail = (await call('GET', `/orders/${pending.order.id}`)).json().result;
    await call('PATCH', `/orders/${pending.order.id}/participants/${detail.courses[0].participants[1].id}`, {
      firstname: 'Zoë',
    });
    const mail = (await outbox(pending.email)).at(-1)!;
    expect(mail.subject).toBe(`Participant details changed – order ${pending.order.increment_id}`);
  });

  it('resends the confirmation of a paid order, not of an unpaid one', async () => {
    const { order, email } = await paidOrder();
    const before = (await outbox(email)).length;
    const reply = await call('POST', `/orders/${order.id}/resend-confirmation`, {});
    expect(reply.status, reply.body).toBe(200);
    const mails = await outbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Ihre Bestellung ${order.increment_id}`);
    const detail = (await call('GET', `/orders/${order.id}`)).json().result;
    expect(detail.audit.map((a: any) => a.action)).toEqual(['resendOrderConfirmation']);
    // The order-received mail, the confirmation and its resent copy.
    expect(detail.mails).toHaveLength(3);

    const pending = await pendingOrder(ctx);
    expect((await call('POST', `/orders/${pending.order.id}/resend-confirmation`, {})).status).toBe(409);
    expect((await call('POST', `/orders/999999/resend-confirmation`, {})).status).toBe(404);
  });

  it("lists a course's booked participants, unpaid holds with their end, and the waitlist in order", async () => {
    const course = await insertCourse(ctx, { free: 5 });
    const submit = (email: string, participants: object[]) =>
      client(ctx).post('/api/cart/submit', {
        ...courseOrder(course, participants.length, { emailAddress: email }),
        courses: [{ courseId: course.id, courseType: course.type, quantity: participants.length, participants }],
      });
    const paid = await submit('bezahlt@example.org', [
      { firstname: 'Jörg', lastname: 'Ößwald', email: 'joerg@example.org', phone: '+49 30 123456', birthYear: '1990' },
    ]);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const paidOrderRow = await orderByNumber(ctx, paid.body.result.incrementId);
    await choose(ctx, (await paymentOf(ctx, paidOrderRow.id)).transaction_id!, 'paid');
    const held = await submit('offen@example.org', [
      { firstname: 'Hanna', lastname: 'Offen', email: 'hanna@example.org', phone: '', birthYear: '' },
    ]);
    const heldRow = await orderByNumber(ctx, held.body.result.incrementId);
    for (const [i, email] of ['erste@example.org', 'zweite@example.org'].entries()) {
      await ctx.db.kysely
        .insertInto('waitlist_entry')
        .values({
          course_id: course.id,
          email,
          customer_id: null,
          locale: 'de',
          status: 'waiting',
          leave_token_hash: `hash-${course.id}-${i}`,
          offer_token_hash: null,
          offer_expires_at: null,
          created_at: testNow.toISOString(),
          ended_at: null,
        })
        .execute();
    }
    const list = (await call('GET', `/courses/${course.id}/participants`, undefined, owner)).json().result;
    expect(list.course).toMatchObject({ id: course.id, maxParticipants: 10 });
    expect(list.booked).toEqual([
      expect.objectContaining({
        incrementId: paidOrderRow.increment_id,
        orderStatus: 'paid',
        firstname: 'Jörg',
        lastname: 'Ößwald',
        email: 'joerg@example.org',
        phone: '+49 30 123456',
        birthYear: '1990',
      }),
    ]);
    expect(list.holds).toEqual([
      expect.objectContaining({
        incrementId: heldRow.increment_id,
        lastname: 'Offen',
        holdExpiresAt: heldRow.hold_expires_at,
      }),
    ]);
    expect(list.waitlist.map((w: any) => [w.position, w.email])).toEqual([
      [1, 'erste@example.org'],
      [2, 'zweite@example.org'],
    ]);

    const csv = await call('GET', `/courses/${course.id}/participants/export`);
    expect(csv.status).toBe(200);
    expect(csv.response.headers['content-type']).toContain('text/csv; charset=utf-8');
    expect(csv.response.headers['content-disposition']).toMatch(/^attachment; filename="teilnehmende-/);
    const raw = csv.response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Liste;Bestellung;Status;Nachname;Vorname;E-Mail;Telefon;Geburtsjahr;Reserviert bis;Wartelistenplatz',
    );
    expect(lines[1]).toBe(
      `gebucht;${paidOrderRow.increment_id};paid;Ößwald;Jörg;joerg@example.org;+49 30 123456;1990;;`,
    );
    expect(lines[2]).toContain(`reserviert;${heldRow.increment_id};payment_pending;Offen;Hanna`);
    expect(lines.slice(3)).toEqual([
      'Warteliste;;waiting;;;erste@example.org;;;;1',
      'Warteliste;;waiting;;;zweite@example.org;;;;2',
    ]);
    expect((await call('GET', '/courses/999999/participants')).status).toBe(404);
  });

  it('lists failed mails with their error and retries one or all, each delivered once', async () => {
    const insertFailed = async (subject: string) =>
      (
        await ctx.db.kysely
          .insertInto('mail_outbox')
          .values({
            message_id: `msg-${subject}`,
            recipient: 'failed@example.org',
            subject,
            text: 'text',
            html: '<p>text</p>',
            attachments: null,
            status: 'failed',
            attempts: 5,
            next_attempt_at: testNow.toISOString(),
            last_error: '550 mailbox unavailable',
            created_at: testNow.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const first = await insertFailed(`Erste ${Math.random()}`);
    const second = await insertFailed(`Zweite ${Math.random()}`);
    const page = (await call('GET', '/mails/failed?perPage=200')).json().result;
    expect(page.items.slice(0, 2)).toEqual([
      expect.objectContaining({ id: second, lastError: '550 mailbox unavailable', attempts: 5 }),
      expect.objectContaining({ id: first, to: 'failed@example.org' }),
    ]);
    expect((await call('POST', '/mails/retry', { ids: [] })).status).toBe(400);
    expect((await call('POST', '/mails/retry', { all: false })).status).toBe(400);

    // Two retries of the same mail at once requeue it once.
    const [a, b] = await Promise.all([
      call('POST', '/mails/retry', { ids: [first] }),
      call('POST', '/mails/retry', { ids: [first] }),
    ]);
    expect([a.json().result.requeued, b.json().result.requeued].sort()).toEqual([0, 1]);
    const delivered: OutgoingMail[] = [];
    const mailer = { usesOutbox: false, deliver: async (mail: OutgoingMail) => void delivered.push(mail) };
    const run = () =>
      deliverDueMails({ db: ctx.db.kysely, mailer, workerId: 'w', clock: () => testNow.getTime() + 1000 });
    await Promise.all([run(), run()]);
    expect(delivered.filter((m) => m.to === 'failed@example.org').map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Erste/),
    ]);
    // All at once: the other one; a second "all" finds none.
    const all = (await call('POST', '/mails/retry', { all: true }, owner)).json().result;
    expect(all.requeued).toBeGreaterThanOrEqual(1);
    expect((await call('POST', '/mails/retry', { all: true })).json().result.requeued).toBe(0);
    await run();
    expect(delivered.filter((m) => m.to === 'failed@example.org')).toHaveLength(2);
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('action', '=', 'retryMail')
      .execute();
    expect(audit.some((entry) => JSON.parse(entry.after_json!).ids.includes(first))).toBe(true);
  });

  it('lists the retention periods from the rules the jobs enforce', async () => {
    for (const headers of [staff, owner]) {
      const periods = (await call('GET', '/privacy/retention', undefined, headers)).json().result;
      expect(periods).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'orders',
            amount: retention.bookkeepingYears,
            unit: 'calendarYears',
            enforcedBy: 'retention-orders',
          }),
          expect.objectContaining({ kind: 'participantContact', amount: retention.participantContactDays }),
        ]),
      );
    }
  });

  it("exports a year's orders as a CSV stream with a BOM", async () => {
    const { order } = await paidOrder();
    const reply = await call('GET', '/orders/export?year=2026');
    expect(reply.status).toBe(200);
    expect(reply.response.headers['content-disposition']).toBe('attachment; filename="bestellungen-2026.csv"');
    const body = reply.response.rawPayload.toString('utf8');
    expect(body.startsWith(`${bom}Bestellnummer;Datum;Status;`)).toBe(true);
    expect(body).toContain(`${order.increment_id};${order.created_at};paid;García;Ana;`);
    expect(body).toContain(';creditcard;578,00\r\n');
    const empty = (await call('GET', '/orders/export?year=2025')).response.rawPayload.toString('utf8');
    expect(empty).toBe(`${bom}Bestellnummer;Datum;Status;Nachname;Vorname;E-Mail;Land;Zahlart;Betrag (EUR)\r\n`);
    expect((await call('GET', '/orders/export')).status).toBe(400);
    // Read in batches of one, it still has every order of the year once.
    const batched = await text(exportOrdersCsv(ctx.db.kysely, 2026, 1));
    const count = await ctx.db.kysely
      .selectFrom('shop_order')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_at', '>=', '2026-01-01')
      .executeTakeFirstOrThrow();
    expect(batched.trim().split('\r\n')).toHaveLength(Number(count.n) + 1);
  });
});

describe('safeCell', () => {
  it('defuses formulas but keeps phone numbers', async () => {
    const { safeCell } = await import('./csv.ts');
    expect(safeCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(safeCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(safeCell('-2+3')).toBe(`'-2+3`);
    expect(safeCell('+49 30 123456')).toBe('+49 30 123456');
    expect(safeCell('Müller')).toBe('Müller');
  });
});
