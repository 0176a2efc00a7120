import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';
import { client, newEmail, register } from '../customer/test-support.ts';
import { renderOrderConfirmation } from '../order/confirmation-mail.ts';
import { sampleOrder } from '../order/sample-order.ts';
import { courseOrder } from '../order/test-support.ts';
import { bookingEventUid } from '../order/confirmation-mail.ts';
import { courseBody, uniqueId } from './test-support.ts';

describeEachDatabase(
  'admin catalogue API',
  (ctx) => {
    let headers: { authorization: string };
    let ownerHeaders: { authorization: string };
    beforeAll(async () => {
      headers = (await staffToken(ctx, 'staff')).headers;
      ownerHeaders = (await staffToken(ctx, 'owner')).headers;
    });
    const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, h = headers) => {
      const response = await ctx.app.inject({
        method,
        url: `/api/admin${url}`,
        headers: h,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json() as any };
    };
    const create = async (over: Record<string, unknown> = {}) => {
      const reply = await call('POST', '/courses', courseBody(over));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.result as { id: number; identifier: string };
    };
    const publicSearch = async (query = 'startDate=2026-01-01&limit=100&courseStartUntil=2026-12-31') =>
      (await ctx.app.inject({ method: 'GET', url: `/api/course/search?${query}` })).json().result.items as {
        id: number;
        tags: { slug: string }[];
      }[];
    const submitOrder = (course: { id: number; type: number }, quantity: number, priceCents: number, email?: string) =>
      client(ctx).post(
        '/api/cart/submit',
        courseOrder({ ...course, priceCents }, quantity, email ? { emailAddress: email } : {}),
      );

    it('describes every catalogue operation in the OpenAPI document', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/admin/openapi.json' })).json();
      const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
        (methods) => Object.values(methods).map((op) => op.operationId),
      );
      expect(ids).toEqual(
        expect.arrayContaining([
          'listCourses',
          'getCourse',
          'createCourse',
          'updateCourse',
          'publishCourse',
          'unpublishCourse',
          'cancelCourse',
          'importCatalogue',
          'exportCatalogue',
          'listProducts',
          'createProduct',
          'updateProduct',
          'listPackagePrices',
          'updatePackagePrice',
        ]),
      );
      expect(doc.paths['/api/admin/courses/{id}'].patch.responses).toHaveProperty('409');
    });

    it('answers 401 without a staff token and with a customer token, in the envelope', async () => {
      const customer = await register(client(ctx), { email: newEmail() });
      for (const [method, url] of [
        ['GET', '/courses'],
        ['POST', '/courses'],
        ['PATCH', '/courses/1'],
        ['POST', '/catalogue/import'],
        ['GET', '/catalogue/export'],
        ['GET', '/products'],
        ['PUT', '/package-prices/conversation_hours-5'],
      ] as const) {
        const anonymous = await call(method, url, method === 'GET' ? undefined : {}, {} as never);
        expect(anonymous.status, `${method} ${url}`).toBe(401);
        expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
        const asCustomer = await call(method, url, method === 'GET' ? undefined : {}, {
          authorization: `Bearer ${customer.token}`,
        });
        expect(asCustomer.status, `${method} ${url} as customer`).toBe(401);
      }
    });

    it('lets staff and owners manage the catalogue; a new course is a draft, listed and sold only once published', async () => {
      const created = await create();
      expect(created).toMatchObject({ status: 'draft', freePlaces: 10, takenPlaces: 0, priceCents: 28900 });
      expect(created).toMatchObject({
        derivedTags: expect.arrayContaining(['february', 'tuesday', 'thursday', 'evening', 'medium']),
      });
      expect((await publicSearch()).map((c) => c.id)).not.toContain(created.id);
      // The cart does not sell a draft: the place is adjusted to nothing, and the submit refuses it.
      const priced = await client(ctx).post('/api/cart/calculate-price', {
        courses: [{ courseId: created.id, courseType: 1, quantity: 1 }],
        products: [],
        packages: [],
        discountCodes: [],
        locale: 'de',
      });
      expect(priced.body.result.quantityAdjustments).toEqual([
        expect.objectContaining({ itemId: created.id, reason: 'COURSE_NOT_OFFERED', adjustedQuantity: 0 }),
      ]);
      expect((await submitOrder({ id: created.id, type: 1 }, 1, 28900)).status).toBe(409);

      const published = await call('POST', `/courses/${created.id}/publish`, undefined, ownerHeaders);
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body.result.status).toBe('published');
      expect((await publicSearch()).map((c) => c.id)).toContain(created.id);
      expect((await submitOrder({ id: created.id, type: 1 }, 1, 28900)).status).toBe(200);

      const unpublished = await call('POST', `/courses/${created.id}/unpublish`);
      expect(unpublished.body.result).toMatchObject({ status: 'draft', takenPlaces: 1, activeBookings: 1 });
      expect((await publicSearch()).map((c) => c.id)).not.toContain(created.id);

      const listed = await call('GET', `/courses?q=${created.identifier.toLowerCase()}&perPage=5`);
      expect(listed.body.result).toMatchObject({ total: 1, items: [expect.objectContaining({ id: created.id })] });
      const audit = await call('GET', `/audit-log?entityType=course&entityId=${created.id}`);
      expect(audit.body.result.items.map((e: { action: string }) => e.action)).toEqual([
        'unpublishCourse',
        'publishCourse',
        'createCourse',
      ]);
      expect(audit.body.result.items[0]).toMatchObject({ before: { status: 'published' }, after: { status: 'draft' } });
    });

    it('answers 400 with field errors for bad input, never 500', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ endDate: '2026-02-01' }, 'endDate'],
        [{ startTime: null }, 'startTime'],
        [{ tags: ['no-such-tag'] }, 'tags'],
        [{ tags: ['march'] }, 'tags'],
        [{ identifier: 'has space' }, 'identifier'],
        [{ priceCents: -1 }, 'priceCents'],
        [{ priceCents: 289.5 }, 'priceCents'],
        [{ priceCents: '289,50' }, 'priceCents'],
        [{ priceCents: 10_000_001 }, 'priceCents'],
        [{ discountedPriceCents: 30000 }, 'discountedPriceCents'],
        [{ maxParticipants: 0 }, 'maxParticipants'],
        [{ meetingDays: [0] }, 'meetingDays'],
        [{ type: 2 }, 'moduleIdentifier'],
        [{ moduleIdentifier: 'A1.1' }, 'moduleIdentifier'],
        [{ startDate: '2026-02-30' }, 'startDate'],
        [{ texts: { de: { title: '' } } }, 'texts.de.title'],
        [{ unknownField: 1 }, ''],
      ];
      for (const [over, field] of cases) {
        const reply = await call('POST', '/courses', courseBody(over));
        expect(reply.status, JSON.stringify(over)).toBe(400);
        expect(reply.body.error.code).toBe('VALIDATION_ERROR');
        if (field) expect(Object.keys(reply.body.error.fields ?? {}), JSON.stringify(over)).toContain(field);
      }
      const course = await create();
      expect((await call('PATCH', `/courses/${course.id}`, { endDate: '2026-01-01' })).status).toBe(400);
      expect((await call('PATCH', `/courses/${course.id}`, { maxParticipants: 'x' })).status).toBe(400);
      expect((await call('GET', '/courses?sort=price')).status).toBe(400);
      for (const url of [
        '/courses?type=9',
        '/courses?startFrom=soon',
        '/courses?perPage=1000',
        '/courses?status=gone',
        '/courses/abc',
        '/products?status=cancelled',
        '/package-prices?type=private',
        '/tags?categoryId=x',
        '/catalogue/export/everything',
      ])
        expect((await call('GET', url)).status, url).toBe(400);
      for (const [method, url, body] of [
        ['POST', '/catalogue/import', { files: { courses: 42 } }],
        ['POST', '/catalogue/import', { dryRun: 'yes', files: { courses: '' } }],
        ['POST', '/catalogue/import', { files: { other: 'a;b' } }],
        ['POST', '/products', { identifier: 'P', priceCents: 'free', texts: { de: { title: 'x' } } }],
        ['PATCH', '/products/1', { status: 'cancelled' }],
        ['POST', '/modules', { identifier: '', texts: { de: { title: 'x' } } }],
        ['POST', '/tags', { categoryId: 5, slug: 'Mit Leerzeichen' }],
        ['POST', `/courses/${course.id}/cancel`, { reason: 7 }],
      ] as const)
        expect((await call(method, url, body)).status, `${method} ${url}`).toBe(400);
      expect((await call('GET', '/courses/999999')).status).toBe(404);
      const taken = await call('POST', '/courses', courseBody({ identifier: course.identifier }));
      expect(taken).toMatchObject({ status: 409, body: { error: { code: 'IDENTIFIER_TAKEN' } } });
    });

    it('keeps free places = maximum − booked − held, and never lowers the maximum below what is taken', async () => {
      const course = await create({ maxParticipants: 10 });
      await call('POST', `/courses/${course.id}/publish`);
      expect((await submitOrder({ id: course.id, type: 1 }, 3, 28900)).status).toBe(200);
      const below = await call('PATCH', `/courses/${course.id}`, { maxParticipants: 2 });
      expect(below.status).toBe(409);
      expect(below.body.error).toMatchObject({
        code: 'PLACES_BELOW_BOOKED',
        fields: { maxParticipants: 'At least 3 places are booked or held' },
      });
      const lowered = await call('PATCH', `/courses/${course.id}`, { maxParticipants: 3 });
      expect(lowered.body.result.course).toMatchObject({ maxParticipants: 3, freePlaces: 0, takenPlaces: 3 });
      const raised = await call('PATCH', `/courses/${course.id}`, { maxParticipants: 12 });
      expect(raised.body.result.course).toMatchObject({ maxParticipants: 12, freePlaces: 9 });
      expect((await submitOrder({ id: course.id, type: 1 }, 2, 28900)).status).toBe(200);
      // Edits and bookings interleaved at once: whatever order they run in, free = max − taken and never below 0.
      await Promise.all([
        call('PATCH', `/courses/${course.id}`, { maxParticipants: 8 }),
        submitOrder({ id: course.id, type: 1 }, 2, 28900),
        call('PATCH', `/courses/${course.id}`, { maxParticipants: 7 }),
        submitOrder({ id: course.id, type: 1 }, 1, 28900),
      ]);
      const after = (await call('GET', `/courses/${course.id}`)).body.result;
      const booked = await ctx.db.kysely
        .selectFrom('course_booking')
        .select((eb) => eb.fn.sum<number | string>('quantity').as('n'))
        .where('course_id', '=', course.id)
        .executeTakeFirstOrThrow();
      expect(after.freePlaces).toBe(after.maxParticipants - Number(booked.n));
      expect(after.freePlaces).toBeGreaterThanOrEqual(0);
    });

    it('changes a price without touching the orders already made', async () => {
      const course = await create({ priceCents: 28900 });
      await call('POST', `/courses/${course.id}/publish`);
      const order = await submitOrder({ id: course.id, type: 1 }, 2, 28900);
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const changed = await call('PATCH', `/courses/${course.id}`, { priceCents: 34900, discountedPriceCents: 29950 });
      expect(changed.body.result).toMatchObject({
        moved: false,
        course: { priceCents: 34900, discountedPriceCents: 29950 },
      });
      const stored = await ctx.db.kysely
        .selectFrom('shop_order')
        .innerJoin('course_booking', 'course_booking.order_id', 'shop_order.id')
        .select([
          'shop_order.total_price_cents',
          'course_booking.unit_price_cents',
          'course_booking.total_price_cents as line',
        ])
        .where('shop_order.increment_id', '=', order.body.result.incrementId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ total_price_cents: 57800, unit_price_cents: 28900, line: 57800 });
    });

    it('moves a booked course: every participant and the buyer get old and new dates and an .ics with the same UID and a higher SEQUENCE', async () => {
      const course = await create({ identifier: uniqueId('MOVE') });
      await call('POST', `/courses/${course.id}/publish`);
      const buyer = newEmail('kaeufer');
      const order = await submitOrder({ id: course.id, type: 1 }, 2, 28900, buyer);
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      await ctx.db.kysely
        .updateTable('shop_order')
        .set({ locale: 'en' })
        .where('increment_id', '=', order.body.result.incrementId)
        .execute();
      const booking = await ctx.db.kysely
        .selectFrom('course_booking')
        .innerJoin('shop_order', 'shop_order.id', 'course_booking.order_id')
        .select(['course_booking.id', 'shop_order.increment_id'])
        .where('shop_order.increment_id', '=', order.body.result.incrementId)
        .executeTakeFirstOrThrow();

      const moved = await call('PATCH', `/courses/${course.id}`, { startDate: '2026-03-03', endDate: '2026-04-23' });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.result).toMatchObject({ moved: true, mailsQueued: 3 });
      expect(moved.body.result.course).toMatchObject({ scheduleSequence: 1, meetingDays: [1, 3] });
      expect(moved.body.result.course.derivedTags).toContain('march');
      expect(moved.body.result.course.derivedTags).not.toContain('february');
      // The public listing files it under March now.
      const march = await publicSearch('startDate=2026-01-01&limit=100&courseStartUntil=2026-12-31&tags[]=march');
      expect(march.map((c) => c.id)).toContain(course.id);

      const mails = await ctx.db.kysely
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'text', 'attachments'])
        .where('subject', 'like', 'New dates:%')
        .where('text', 'like', `%${order.body.result.incrementId}%`)
        .orderBy('id')
        .execute();
      expect(mails.map((m) => m.recipient).sort()).toEqual([buyer, 'teil1@example.org', 'teil2@example.org'].sort());
      const uid = bookingEventUid(booking.increment_id, booking.id);
      for (const mail of mails) {
        expect(mail.text).toContain('03.02.2026');
        expect(mail.text).toContain('03.03.2026');
        const [ics] = JSON.parse(mail.attachments!) as { content: string }[];
        expect(ics!.content).toContain(`UID:${uid}\r\n`);
        expect(ics!.content).toContain('SEQUENCE:1\r\n');
        expect(ics!.content).toContain('DTSTART;TZID=Europe/Berlin:20260303T183000');
      }
      // The same UID the confirmation's .ics gave the position.
      const confirmation = renderOrderConfirmation(
        {
          ...sampleOrder,
          incrementId: booking.increment_id,
          courseBookings: [{ ...sampleOrder.courseBookings[0]!, id: booking.id }],
        },
        'de',
        { name: 'Ana', guest: true },
      );
      expect(String(confirmation.attachments![0]!.content)).toContain(`UID:${uid}\r\n`);

      // A second move raises the sequence again; a change that is no move mails nobody.
      const again = await call('PATCH', `/courses/${course.id}`, { startTime: '18:00' });
      expect(again.body.result).toMatchObject({ moved: true, course: { scheduleSequence: 2 } });
      const texts = await call('PATCH', `/courses/${course.id}`, { texts: { de: { title: 'Neuer Titel' } } });
      expect(texts.body.result).toMatchObject({ moved: false, mailsQueued: 0, course: { scheduleSequence: 2 } });
      // Two moves at once: each gets its own, higher sequence.
      await Promise.all([
        call('PATCH', `/courses/${course.id}`, { startTime: '17:30' }),
        call('PATCH', `/courses/${course.id}`, { endTime: '19:45' }),
      ]);
      expect((await call('GET', `/courses/${course.id}`)).body.result.scheduleSequence).toBe(4);
      const sequences = await ctx.db.kysely
        .selectFrom('mail_outbox')
        .select('attachments')
        .where('recipient', '=', buyer)
        .where('subject', 'like', 'New dates:%')
        .execute();
      expect(sequences.map((m) => /SEQUENCE:(\d+)/.exec(JSON.parse(m.attachments!)[0].content)![1]).sort()).toEqual([
        '1',
        '2',
        '3',
        '4',
      ]);
    });

    it('cancels a booked course: positions cancelled, each buyer told, a case listed for the owner', async () => {
      const course = await create({ identifier: uniqueId('CANCEL') });
      await call('POST', `/courses/${course.id}/publish`);
      const buyer = newEmail('storno');
      const order = await submitOrder({ id: course.id, type: 1 }, 1, 28900, buyer);
      const cancelled = await call('POST', `/courses/${course.id}/cancel`, { reason: 'Zu wenige Anmeldungen' });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.result).toMatchObject({
        course: { status: 'cancelled', activeBookings: 0 },
        cancelledBookings: 1,
        casesOpened: 1,
        mailsQueued: 1,
      });
      const mail = await ctx.db.kysely
        .selectFrom('mail_outbox')
        .select(['subject', 'text'])
        .where('recipient', '=', buyer)
        .where('subject', 'like', 'Kurs abgesagt:%')
        .executeTakeFirstOrThrow();
      expect(mail.text).toContain('Zu wenige Anmeldungen');
      expect(mail.text).toContain(order.body.result.incrementId);
      const cases = await ctx.db.kysely
        .selectFrom('order_case')
        .selectAll()
        .where('course_id', '=', course.id)
        .execute();
      expect(cases).toEqual([
        expect.objectContaining({ kind: 'course_cancelled', status: 'open', amount_cents: 28900 }),
      ]);
      expect((await publicSearch()).map((c) => c.id)).not.toContain(course.id);
      // Listed for the owner (money is the owner's); a staff member may not see it.
      const listed = await call('GET', '/cases?status=open&perPage=200', undefined, ownerHeaders);
      expect(listed.body.result.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'course_cancelled',
            incrementId: order.body.result.incrementId,
            email: buyer,
            courseIdentifier: course.identifier,
            amountCents: 28900,
          }),
        ]),
      );
      expect((await call('GET', '/cases')).status).toBe(403);
      expect((await call('PATCH', `/courses/${course.id}`, { priceCents: 100 })).body.error.code).toBe(
        'COURSE_CANCELLED',
      );
      expect((await call('POST', `/courses/${course.id}/publish`)).status).toBe(409);
    });

    it('creates, edits and publishes products; a draft is not found by the shop', async () => {
      const created = await call('POST', '/products', {
        identifier: uniqueId('DELE'),
        priceCents: 19900,
        tags: ['b1'],
        texts: { de: { title: 'DELE B1 Intensiv' } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.result).toMatchObject({ status: 'draft', priceCents: 19900, tags: ['b1'] });
      const id = created.body.result.id;
      const shop = async () =>
        (await ctx.app.inject({ method: 'GET', url: `/api/product/search?productId=${id}` })).json().result.items;
      expect(await shop()).toEqual([]);
      const published = await call('PATCH', `/products/${id}`, { status: 'published', discountedPriceCents: 17950 });
      expect(published.body.result).toMatchObject({
        status: 'published',
        priceCents: 19900,
        discountedPriceCents: 17950,
      });
      expect((await call('GET', `/products/${id}`)).body.result).toMatchObject({ discountedPriceCents: 17950 });
      // The shop's public contract keeps its euros.
      expect(await shop()).toEqual([expect.objectContaining({ id, discountedPrice: 179.5 })]);
      for (const [body, field, message] of [
        [{ discountedPriceCents: 50000 }, 'discountedPriceCents', 'The offer price must be below the price'],
        [{ priceCents: 199.5 }, 'priceCents', 'whole_cents'],
        [{ priceCents: -100 }, 'priceCents', 'not_negative'],
      ] as const) {
        const refused = await call('PATCH', `/products/${id}`, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.error.fields, JSON.stringify(body)).toEqual({ [field]: message });
      }
      const list = await call('GET', '/products?perPage=200');
      expect(list.body.result.items.map((p: { id: number }) => p.id)).toContain(id);
    });

    it('sets package prices; an unpublished package is not sold', async () => {
      const list = await call('GET', '/package-prices?type=conversation_hours');
      expect(list.body.result.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: 'conversation_hours-5', priceCents: 11500, status: 'published' }),
        ]),
      );
      const changed = await call('PUT', '/package-prices/conversation_hours-5', { priceCents: 12050 });
      expect(changed.body.result).toMatchObject({ priceCents: 12050 });
      const config = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/course/price-config' })).json().result;
      expect(await config()).toEqual(expect.arrayContaining([{ type: 'conversation_hours', amount: 5, price: 120.5 }]));
      await call('PUT', '/package-prices/conversation_hours-5', { status: 'draft' });
      expect(
        (await config()).some(
          (p: { amount: number; type: string }) => p.type === 'conversation_hours' && p.amount === 5,
        ),
      ).toBe(false);
      const created = await call('PUT', '/package-prices/flexible_learning-6', { priceCents: 38000 });
      expect(created.body.result).toMatchObject({ id: 'flexible_learning-6', priceCents: 38000, status: 'draft' });
      const fresh = await call('PUT', '/package-prices/flexible_learning-7', {});
      expect(fresh.status).toBe(400);
      expect(fresh.body.error.fields).toEqual({ priceCents: 'required' });
      for (const [priceCents, message] of [
        [115.5, 'whole_cents'],
        [-1, 'not_negative'],
        [10_000_001, 'too_large'],
      ] as const) {
        const refused = await call('PUT', '/package-prices/conversation_hours-5', { priceCents });
        expect(refused.status, String(priceCents)).toBe(400);
        expect(refused.body.error.fields).toEqual({ priceCents: message });
      }
      expect((await call('PUT', '/package-prices/nonsense', { priceCents: 100 })).status).toBe(400);
      await call('PUT', '/package-prices/conversation_hours-5', { priceCents: 11500, status: 'published' });
    });

    it('creates and publishes modules and tags; a derived tag cannot be made by hand', async () => {
      const created = await call('POST', '/modules', {
        identifier: uniqueId('M'),
        texts: { de: { title: 'Modul Test' } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.result).toMatchObject({ status: 'draft', appointments: 0 });
      const id = created.body.result.id;
      const appointment = await create({
        type: 2,
        moduleIdentifier: created.body.result.identifier,
        startDate: '2026-02-03',
        endDate: '2026-02-03',
        meetingDays: [1],
        tags: [],
      });
      await call('POST', `/courses/${appointment.id}/publish`);
      const listed = async () =>
        (
          (await ctx.app.inject({ method: 'GET', url: '/api/course/flexible-learning' })).json().result as {
            id: number;
          }[]
        ).map((m) => m.id);
      expect(await listed()).not.toContain(id);
      const published = await call('PATCH', `/modules/${id}`, { status: 'published' });
      expect(published.body.result).toMatchObject({ status: 'published', appointments: 1 });
      expect(await listed()).toContain(id);
      expect((await call('POST', '/modules', { identifier: 'A1.1', texts: { de: { title: 'x' } } })).status).toBe(409);
      expect(
        (await call('GET', `/modules?q=modul test&perPage=200`)).body.result.items.map((m: { id: number }) => m.id),
      ).toContain(id);

      const slug = `spezial-${Math.random().toString(36).slice(2, 7)}`;
      const tag = await call('POST', '/tags', { categoryId: 5, slug });
      expect(tag.body.result).toMatchObject({ slug, category: 'collection', derived: false, uses: 0 });
      expect((await call('POST', '/tags', { categoryId: 2, slug: 'thirteenth-month' })).status).toBe(400);
      expect((await call('POST', '/tags', { categoryId: 5, slug })).status).toBe(409);
      const withTag = await create({ tags: ['a1', slug] });
      expect(withTag).toMatchObject({ tags: ['a1', slug].sort() });
      const tags = await call('GET', '/tags?categoryId=5');
      expect(tags.body.result.items).toEqual(expect.arrayContaining([expect.objectContaining({ slug, uses: 1 })]));
      expect(
        (await call('GET', '/tags?perPage=200')).body.result.items.find((t: { slug: string }) => t.slug === 'march'),
      ).toMatchObject({
        derived: true,
      });
    });
  },
  // The file's bookings stand for many buyers, all from one test client: the cap on unpaid places per client
  // (order/unpaid-holds.ts, tested there) would stop them after ten.
  { app: { unpaidHoldPlaces: 10_000 } },
);
