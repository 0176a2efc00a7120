import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, testNow } from '../../test/databases.ts';
import { collectRoutes, type RouteEntry } from '../../test/routes.ts';
import { writeAudit } from '../staff/audit.ts';
import { describeOperation } from './plugin.ts';
import { staffToken } from './test-support.ts';

let allRoutes: RouteEntry[] = [];
const adminRoutes = () => allRoutes.filter((route) => route.url.startsWith('/api/admin'));

describeEachDatabase(
  'admin API plumbing',
  (ctx) => {
    it('serves an OpenAPI 3.1 document with an operationId for every admin operation', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/openapi.json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toBe('3.1.0');
      const operations = Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
        ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, id: op.operationId })),
      );
      const admin = adminRoutes().filter((route) => route.url !== '/api/admin/openapi.json');
      expect(operations.length).toBe(admin.length);
      for (const operation of operations)
        expect(operation.id, `${operation.method} ${operation.path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
      expect(operations.map((op) => op.id)).toEqual(
        // The operations promised to the back office and to a school's own systems (docs/backoffice.md).
        expect.arrayContaining([
          'staffLogin',
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
          'updateProduct',
          'listPackagePrices',
          'updatePackagePrice',
          'listDiscountCodes',
          'createDiscountCode',
          'updateDiscountCode',
          'listTexts',
          'updateText',
          'getSchoolIdentity',
          'updateSchoolIdentity',
          'listStaff',
          'listAuditLog',
        ]),
      );
      const login = doc.paths['/api/admin/staff/login'].post;
      expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
      expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400']));
      expect(doc.paths['/api/admin/staff'].get.security).toEqual([{ staffBearer: [] }]);
      expect(Object.keys(doc.paths['/api/admin/staff'].get.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '403']),
      );
    });

    it('answers 401 in the envelope without a staff token, on every operation that is not public', async () => {
      const closed = adminRoutes().filter((route) => route.access !== 'public');
      expect(closed.length).toBeGreaterThan(0);
      for (const route of closed) {
        const url = route.url.replaceAll(/:(\w+)/g, '1');
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          payload: route.hasBody ? { x: 1 } : undefined,
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json().error.code).toBe('UNAUTHORIZED');
      }
    });

    it('answers bad input to every operation with 400 and field errors, never a 500', async () => {
      const owner = await staffToken(ctx, 'owner');
      const checked = adminRoutes().filter((route) => route.hasBody || route.hasQuery || route.params.length > 0);
      expect(checked.length).toBeGreaterThan(5);
      for (const route of checked) {
        // A path parameter that is no id or key, an unknown query parameter, a body of the wrong shape.
        const url = `${route.url.replaceAll(/:(\w+)/g, '%20%00')}?page=0&unknown%5B%5D=1`;
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: owner.headers,
          ...(route.hasBody ? { payload: [{ unexpected: true }] } : {}),
        });
        const label = `${route.method} ${route.url}: ${response.body.slice(0, 300)}`;
        expect(response.statusCode, label).toBe(400);
        expect(response.json().error.code, label).toMatch(/^[A-Z_]+$/);
        if (response.json().error.code === 'VALIDATION_ERROR')
          expect(Object.keys(response.json().error.fields ?? {}).length, label).toBeGreaterThan(0);
      }
    });

    it('keeps the audit log append-only: the database refuses to change or delete an entry', async () => {
      await writeAudit(
        ctx.db.kysely,
        { staffId: null, actor: 'cli' },
        { action: 'test', entityType: 'thing' },
        testNow,
      );
      await expect(ctx.db.kysely.updateTable('audit_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(ctx.db.kysely.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      const owner = await staffToken(ctx, 'owner');
      const log = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log?actor=cli&action=test',
        headers: owner.headers,
      });
      expect(log.json().result).toMatchObject({ total: 1, page: 1, perPage: 25 });
      expect(log.json().result.items[0]).toMatchObject({
        actor: 'cli',
        action: 'test',
        entityType: 'thing',
        before: null,
      });
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const id = log.json().result.items[0].id;
        const response = await ctx.app.inject({ method, url: `/api/admin/audit-log/${id}`, headers: owner.headers });
        expect(response.statusCode).toBe(404);
      }
    });

    it('a staff account gets 403 on an owner call, an owner 200', async () => {
      const staff = await staffToken(ctx, 'staff');
      const owner = await staffToken(ctx, 'owner');
      const asStaff = await ctx.app.inject({ method: 'GET', url: '/api/admin/staff', headers: staff.headers });
      expect(asStaff.statusCode).toBe(403);
      expect(asStaff.json().error.code).toBe('FORBIDDEN');
      const asOwner = await ctx.app.inject({ method: 'GET', url: '/api/admin/staff', headers: owner.headers });
      expect(asOwner.statusCode).toBe(200);
    });
  },
  {
    configure: (app) => {
      allRoutes = collectRoutes(app);
    },
  },
);

describe('an admin route', () => {
  const route = (over: Partial<RouteOptions>) =>
    ({ method: 'GET', url: '/api/admin/x', handler: () => {}, ...over }) as RouteOptions;
  it('cannot be registered without saying who may call it, nor without an operationId', () => {
    expect(() => describeOperation(route({ schema: { operationId: 'listX' } }))).toThrow(/config\.access/);
    expect(() => describeOperation(route({ config: { access: 'staff' } }))).toThrow(/operationId/);
    const fine = route({ config: { access: 'owner' }, schema: { operationId: 'listX' } });
    expect(() => describeOperation(fine)).not.toThrow();
    expect(fine.schema?.security).toEqual([{ staffBearer: [] }]);
  });
});
