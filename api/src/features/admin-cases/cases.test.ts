import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { deliverDueMails } from '../../mail/delivery.ts';
import { queueMail } from '../../mail/outbox.ts';
import { staffToken } from '../admin/test-support.ts';
import { mailsTo } from '../customer/test-support.ts';
import { cancelPendingOrder } from '../order/cancel.ts';
import { paymentOf, pendingOrder, webhook } from '../order/test-support.ts';
import { captureCaseAttempts, captureDuePayment } from '../payment/capture.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { onRefundIssued, type RefundIssuedEvent } from '../cases/refund-events.ts';
import { sweepCases } from './sweep.ts';
import { recordWithdrawalDecision } from '../cases/withdrawal-cases.ts';

const school = 'buero@sprachschule.example';

describeEachDatabase('cases, refunds and notices (admin API, sandbox provider)', (ctx) => {
  let owner: { authorization: string };
  let staff: { authorization: string };
  beforeAll(async () => {
    owner = (await staffToken(ctx, 'owner')).headers;
    staff = (await staffToken(ctx, 'staff')).headers;
    const settings = await call('PUT', '/notices/settings', {
      recipient: school,
      orderPaid: true,
      withdrawal: true,
      newCase: true,
      dailyDigest: false,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  });
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = owner) => {
    const response = await ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as any };
  };
  const casesOf = async (orderId: number) =>
    (await call('GET', `/cases?orderId=${orderId}&perPage=200`)).body.result.items as any[];
  const sandboxPaid = (providerId: string, amountCents?: number) =>
    ctx.db.kysely
      .updateTable('sandbox_payment')
      .set({ status: 'paid', ...(amountCents === undefined ? {} : { amount_cents: amountCents }) })
      .where('id', '=', providerId)
      .execute();
  /** Money that arrives after the order's hold ended: the order is cancelled, the payment flagged, a case opened. */
  const latePayment = async () => {
    const pending = await pendingOrder(ctx, { quantity: 1 });
    await ctx.db.kysely.transaction().execute((trx) => cancelPendingOrder(trx, pending.order.id, 'hold_expired'));
    await sandboxPaid(pending.providerId);
    expect((await webhook(ctx, { id: pending.providerId })).status).toBe(200);
    return pending;
  };
  const paidOrder = async () => {
    const pending = await pendingOrder(ctx, { quantity: 2 });
    await sandboxPaid(pending.providerId);
    expect((await webhook(ctx, { id: pending.providerId })).status).toBe(200);
    return pending;
  };

  it('lets only the owner list, resolve, refund and set notices; staff get 403', async () => {
    const { order } = await latePayment();
    const [found] = await casesOf(order.id);
    for (const [method, url, body] of [
      ['GET', '/cases', undefined],
      ['GET', `/cases/${found.id}`, undefined],
      ['POST', `/cases/${found.id}/resolve`, { note: 'x' }],
      ['GET', `/orders/${order.id}/refunds`, undefined],
      ['POST', `/orders/${order.id}/refunds`, { reason: 'Zu spät bezahlt' }],
      ['GET', '/notices/settings', undefined],
      [
        'PUT',
        '/notices/settings',
        { recipient: '', orderPaid: false, withdrawal: false, newCase: false, dailyDigest: false },
      ],
    ] as const) {
      const reply = await call(method, url, body, staff);
      expect(reply.status, `${method} ${url}`).toBe(403);
    }
    // Nothing of it happened.
    expect((await casesOf(order.id))[0]).toMatchObject({ status: 'open' });
    expect(await ctx.db.kysely.selectFrom('refund').select('id').where('order_id', '=', order.id).execute()).toEqual(
      [],
    );
  });

  it('a late payment becomes one case, however often it is reported; a full refund closes it and mails the buyer', async () => {
    const { order, providerId, email } = await latePayment();
    expect((await webhook(ctx, { id: providerId })).status).toBe(200);
    const cases = await casesOf(order.id);
    expect(cases).toEqual([
      expect.objectContaining({
        kind: 'late_payment',
        status: 'open',
        orderId: order.id,
        incrementId: order.increment_id,
        email,
        amountCents: 28900,
      }),
    ]);
    const notices = (await mailsTo(ctx, school)).filter((mail) =>
      mail.subject.startsWith(`Neuer Fall #${cases[0].id}:`),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(order.increment_id);

    const refundable = await call('GET', `/orders/${order.id}/refunds`);
    expect(refundable.body.result).toMatchObject({
      paidCents: 28900,
      refundedCents: 0,
      refundableCents: 28900,
      refunds: [],
    });

    const issued: RefundIssuedEvent[] = [];
    const stop = onRefundIssued(async (_trx, refund) => void issued.push(refund));
    const refund = await call('POST', `/orders/${order.id}/refunds`, {
      reason: 'Zahlung nach Ablauf der Reservierung',
      caseId: cases[0].id,
    });
    stop();
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.result).toMatchObject({
      amountCents: 28900,
      status: 'issued',
      providerRefundId: expect.any(String),
    });
    expect(issued).toEqual([{ refundId: refund.body.result.id, orderId: order.id, amountCents: 28900 }]);
    expect((await casesOf(order.id))[0]).toMatchObject({ status: 'closed', refundId: refund.body.result.id });
    const buyerMails = (await mailsTo(ctx, email)).filter(
      (mail) => mail.subject === `Erstattung zu Bestellung ${order.increment_id}`,
    );
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0]!.text).toContain(`wir haben 289\u00a0€ zu Ihrer Bestellung ${order.increment_id}`);
    const row = await ctx.db.kysely
      .selectFrom('shop_order')
      .select('is_refunded')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.is_refunded).toBe(1);
    // Nothing is left to give back.
    const again = await call('POST', `/orders/${order.id}/refunds`, { reason: 'Nochmal' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REFUND_TOO_HIGH');
  });

  it('refunds part of a paid order, never more than is still held; bad input is a 400 with field errors', async () => {
    const { order, email } = await paidOrder();
    const part = await call('POST', `/orders/${order.id}/refunds`, { amountCents: 10050, reason: 'Kulanz' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect((await call('GET', `/orders/${order.id}/refunds`)).body.result).toMatchObject({
      paidCents: 57800,
      refundedCents: 10050,
      refundableCents: 47750,
    });
    const tooMuch = await call('POST', `/orders/${order.id}/refunds`, { amountCents: 47751, reason: 'Zu viel' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toMatchObject({ code: 'REFUND_TOO_HIGH', fields: { amountCents: 'too_large' } });
    for (const [body, fields] of [
      [{ amountCents: 1000 }, { reason: expect.any(String) }],
      [{ amountCents: -100, reason: 'x' }, { amountCents: 'not_negative' }],
      // Euros with decimals are no cents.
      [{ amountCents: 10.05, reason: 'x' }, { amountCents: 'whole_cents' }],
      [{ amountCents: 0, reason: 'x' }, { amountCents: 'positive' }],
      // The euro field of before is gone.
      [{ amount: 10, reason: 'x' }, { amount: 'Unknown field "amount"' }],
    ] as const) {
      const bad = await call('POST', `/orders/${order.id}/refunds`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await call('POST', '/orders/99999999/refunds', { reason: 'x' })).status).toBe(404);
    const rest = await call('POST', `/orders/${order.id}/refunds`, { reason: 'Rest' });
    expect(rest.body.result).toMatchObject({ amountCents: 47750, status: 'issued' });
    expect((await mailsTo(ctx, email)).filter((mail) => mail.subject.startsWith('Erstattung'))).toHaveLength(2);
    const metrics = await ctx.app.metrics.registry.metrics();
    expect(metrics).toMatch(/shop_refunds\{status="issued"\} [1-9]/);
    expect(metrics).toMatch(/shop_cases\{kind="late_payment",status="closed"\} [1-9]/);
  });

  it('resolving asks for a note, closes the case once and is audited', async () => {
    const { order } = await latePayment();
    const [open] = await casesOf(order.id);
    const empty = await call('POST', `/cases/${open.id}/resolve`, { note: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({ note: expect.any(String) });
    const done = await call('POST', `/cases/${open.id}/resolve`, { note: 'Per Überweisung erstattet' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result).toMatchObject({
      status: 'closed',
      resolutionNote: 'Per Überweisung erstattet',
      closedAt: testNow.toISOString(),
    });
    expect((await call('POST', `/cases/${open.id}/resolve`, { note: 'Nochmal' })).status).toBe(409);
    expect((await call('POST', '/cases/99999999/resolve', { note: 'x' })).status).toBe(404);
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'resolveCase')
      .where('entity_id', '=', String(open.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ status: 'closed' });
    const closed = await call('GET', `/cases?status=closed&kind=late_payment&perPage=200`);
    expect(closed.body.result.items.map((c: any) => c.id)).toContain(open.id);
    const refundFilter = await call('GET', `/cases?refundRequired=true&perPage=200`);
    expect(refundFilter.body.result.items.every((c: any) => c.kind !== 'mail_failed')).toBe(true);
  });

  it('a payment of another amount opens an amount_mismatch case, once', async () => {
    const { order, providerId } = await pendingOrder(ctx, { quantity: 1 });
    await sandboxPaid(providerId, 100);
    await webhook(ctx, { id: providerId });
    await webhook(ctx, { id: providerId });
    expect(await casesOf(order.id)).toEqual([expect.objectContaining({ kind: 'amount_mismatch', amountCents: 100 })]);
  });

  it('a withdrawal the school has to decide is stored with its outcome and reason and opens a case', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      payload: {
        name: 'Ana',
        orderNumber: '999999999',
        email: 'ana.widerruf@example.org',
        positions: [],
        locale: 'de',
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const receipt = reply.json().result.receiptNumber as string;
    const declarationId = Number(receipt.slice(2));
    let decision;
    for (let i = 0; i < 100 && !decision; i++) {
      decision = await ctx.db.kysely
        .selectFrom('withdrawal_decision')
        .selectAll()
        .where('declaration_id', '=', declarationId)
        .executeTakeFirst();
      if (!decision) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(decision).toMatchObject({ outcome: 'review', reason: 'unknown_order', order_id: null });
    const listed = await call('GET', '/cases?kind=withdrawal_review&perPage=200');
    expect(listed.body.result.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ withdrawalId: declarationId, orderId: null })]),
    );
    expect((await mailsTo(ctx, school)).some((mail) => mail.subject.startsWith(`Widerruf ${receipt}`))).toBe(true);
  });

  it("keeps a declaration's decision, updated once its link is used, and tells the school each time", async () => {
    const { order } = await paidOrder();
    const declaration = await ctx.db.kysely
      .insertInto('withdrawal_declaration')
      .values({
        received_at: testNow.toISOString(),
        name: 'Ana',
        order_number: order.increment_id,
        email: order.email,
        positions: '[]',
        locale: 'de',
        customer_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const decide = (outcome: 'awaiting_confirmation' | 'withdrawn' | 'review', reason: string | null) =>
      ctx.db.kysely.transaction().execute((trx) =>
        recordWithdrawalDecision(
          trx,
          {
            declarationId: declaration.id,
            receiptNumber: `W-${declaration.id}`,
            orderNumber: order.increment_id,
            orderId: order.id,
            outcome,
            reason,
            refundCents: outcome === 'withdrawn' ? 57800 : 0,
          },
          testNow,
        ),
      );
    await decide('awaiting_confirmation', null);
    await decide('withdrawn', null);
    const stored = await ctx.db.kysely
      .selectFrom('withdrawal_decision')
      .selectAll()
      .where('declaration_id', '=', declaration.id)
      .execute();
    expect(stored).toEqual([expect.objectContaining({ outcome: 'withdrawn', reason: null, order_id: order.id })]);
    expect((await casesOf(order.id)).filter((c) => c.kind === 'withdrawal_review')).toEqual([]);
    const notices = (await mailsTo(ctx, school)).filter((m) => m.subject.startsWith(`Widerruf W-${declaration.id} `));
    expect(notices).toHaveLength(2);
    expect(notices.some((m) => m.text.includes('Erstattung: 578'))).toBe(true);
    await decide('review', 'out_of_period');
    await decide('review', 'out_of_period');
    expect((await casesOf(order.id)).filter((c) => c.kind === 'withdrawal_review')).toEqual([
      expect.objectContaining({
        withdrawalId: declaration.id,
        amountCents: 57800,
        note: expect.stringContaining('out_of_period'),
      }),
    ]);
  });

  it('a withdrawal link that ran out unused, a mail failed for good and a failing capture each become a case', async () => {
    const { order, email } = await paidOrder();
    // A declaration by somebody not logged in: the order's address gets a link, which nobody opens.
    const declared = await ctx.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      payload: { name: 'Ana', orderNumber: order.increment_id, email, positions: [], locale: 'de' },
    });
    expect(declared.statusCode).toBe(200);
    const declarationId = Number((declared.json().result.receiptNumber as string).slice(2));
    // The order-received mail, the confirmation and the withdrawal's link.
    await mailsTo(ctx, email, { atLeast: 3 });
    const provider = { name: 'sandbox' } as PaymentProvider;
    const log = { error: () => {} };
    await sweepCases({ db: ctx.db.kysely, provider, now: () => testNow, log });
    expect((await casesOf(order.id)).map((c) => c.kind)).not.toContain('confirmation_unused');
    const later = new Date(testNow.getTime() + 8 * 86_400_000);
    await sweepCases({ db: ctx.db.kysely, provider, now: () => later, log });
    await sweepCases({ db: ctx.db.kysely, provider, now: () => later, log });
    expect((await casesOf(order.id)).filter((c) => c.kind === 'confirmation_unused')).toEqual([
      expect.objectContaining({ withdrawalId: declarationId, status: 'open' }),
    ]);

    // A mail the server refuses for good.
    const bounced = `weg.${Date.now()}@example.org`;
    await queueMail(ctx.db, { to: bounced, subject: 'Test', text: 't', html: '<p>t</p>' }, { now: testNow });
    const refusing = Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
    await deliverDueMails({
      db: ctx.db.kysely,
      mailer: { deliver: async () => Promise.reject(refusing) } as never,
      workerId: 'test',
      clock: () => testNow.getTime(),
    });
    const failedCases = (await call('GET', '/cases?kind=mail_failed&perPage=200')).body.result.items as any[];
    const mine = failedCases.filter((c) => c.note.includes(bounced));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ orderId: null, mailId: expect.any(Number) });

    // An authorized payment whose capture keeps failing: a case from the third attempt, once.
    const payment = await paymentOf(ctx, order.id);
    const failing = {
      name: 'sandbox',
      capturePayment: async () => Promise.reject(new Error('capture refused')),
    } as unknown as PaymentProvider;
    for (let attempt = 1; attempt <= captureCaseAttempts + 1; attempt++) {
      await ctx.db.kysely
        .updateTable('payment')
        .set({ capture_status: 'due', capture_next_at: testNow.toISOString() })
        .where('id', '=', payment.id)
        .execute();
      await captureDuePayment(
        { db: ctx.db.kysely, provider: failing, now: () => testNow, log: log as never },
        payment.id,
      );
      const capture = (await casesOf(order.id)).filter((c) => c.kind === 'capture_failing');
      expect(capture).toHaveLength(attempt >= captureCaseAttempts ? 1 : 0);
    }
  });

  it('tells the school of each paid order with its participants, and nothing of a kind switched off', async () => {
    const { order } = await paidOrder();
    const notice = (await mailsTo(ctx, school)).filter(
      (mail) => mail.subject === `Neue bezahlte Bestellung ${order.increment_id}`,
    );
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toMatch(/Teilnehmende:\n.+/);
    const off = await call('PUT', '/notices/settings', {
      recipient: school,
      orderPaid: false,
      withdrawal: true,
      newCase: true,
      dailyDigest: false,
    });
    expect(off.body.result).toMatchObject({ orderPaid: false, effectiveRecipient: school });
    const quiet = await paidOrder();
    expect((await mailsTo(ctx, school)).filter((mail) => mail.subject.includes(quiet.order.increment_id))).toHaveLength(
      0,
    );
    const { effectiveRecipient: _, ...body } = off.body.result;
    const bad = await call('PUT', '/notices/settings', { ...body, recipient: 'kein-mail' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ recipient: expect.any(String) });
    // Without an address of its own, notices go to the school identity's, but the demo school has no real one.
    const demo = await call('PUT', '/notices/settings', { ...body, recipient: '' });
    expect(demo.body.result).toMatchObject({ recipient: '', effectiveRecipient: null });
    await ctx.db.kysely.updateTable('school_identity').set({ demo: 0 }).execute();
    const real = await call('GET', '/notices/settings');
    expect(real.body.result.effectiveRecipient).toBe('kontakt@sprachschule.example');
    await ctx.db.kysely.updateTable('school_identity').set({ demo: 1 }).execute();
    await call('PUT', '/notices/settings', { ...body, orderPaid: true });
  });

  it('sends the daily digest once a day when switched on', async () => {
    const settings = (await call('GET', '/notices/settings')).body.result;
    const { effectiveRecipient: _, ...body } = settings;
    await call('PUT', '/notices/settings', { ...body, dailyDigest: true });
    const provider = { name: 'sandbox' } as PaymentProvider;
    const log = { error: () => {} };
    await Promise.all([
      sweepCases({ db: ctx.db.kysely, provider, now: () => testNow, log }),
      sweepCases({ db: ctx.db.kysely, provider, now: () => testNow, log }),
    ]);
    const digests = (await mailsTo(ctx, school)).filter((mail) => mail.subject.startsWith('Tagesübersicht'));
    expect(digests).toHaveLength(1);
    await call('PUT', '/notices/settings', { ...body, dailyDigest: false });
  });
});
