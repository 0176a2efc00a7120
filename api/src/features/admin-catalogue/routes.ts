import { successEnvelope, errorBodySchema } from '@shop/shared/contract';
import {
  adminCourseSchema,
  adminModuleSchema,
  adminTagSchema,
  adminPackagePriceSchema,
  adminProductSchema,
  cancelCourseBodySchema,
  cancelCourseResultSchema,
  catalogueFileNames,
  CatalogueErrorCode,
  coursePageSchema,
  createCourseBodySchema,
  createModuleBodySchema,
  createTagBodySchema,
  createProductBodySchema,
  exportCatalogueResultSchema,
  exportFileParamsSchema,
  idParamsSchema,
  importCatalogueBodySchema,
  importReportSchema,
  listCoursesQuerySchema,
  listModulesQuerySchema,
  listTagsQuerySchema,
  modulePageSchema,
  tagPageSchema,
  updateModuleBodySchema,
  listPackagePricesQuerySchema,
  listProductsQuerySchema,
  packagePricePageSchema,
  packagePriceParamsSchema,
  productPageSchema,
  updateCourseBodySchema,
  updateCourseResultSchema,
  updatePackagePriceBodySchema,
  updateProductBodySchema,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { audited } from '../staff/audit.ts';
import { exportCatalogue, ImportRefusedError, importCatalogue } from './catalogue-import.ts';
import { loadCatalogueFacts, toAdminCourse } from './course-records.ts';
import { cancelCourse, createCourse, listCourses, readCourse, setCourseStatus, updateCourse } from './courses.ts';
import { createModule, listModules, readModule, toAdminModule, updateModule } from './modules.ts';
import { createTag, listTags } from './tags.ts';
import { listPackagePrices, toAdminPackagePrice, updatePackagePrice } from './package-prices.ts';
import { createProduct, listProducts, readProduct, toAdminProduct, updateProduct } from './products.ts';

export interface CatalogueRouteOptions {
  /** Called after every change, so the shop's cached listing shows it at once. */
  onCatalogueChanged?: () => void;
}

/** The biggest import upload (CSV text of every kind in one JSON body). */
export const importBodyLimit = 64 * 1024 * 1024;

const tags = ['catalogue'];
const staff = { access: 'staff' as const };
const noBody = z.object({}).strict().nullish();
const refusedSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  report: importReportSchema,
});

/**
 * The catalogue calls of the admin API (docs/backoffice.md#catalogue): staff and owners manage courses, products
 * and package prices and import or export the whole catalogue. Every change runs in `audited` (one transaction
 * with its audit entry) and then clears the shop's cached listing.
 */
export const catalogueRoutes =
  (ctx: AppContext, { onCatalogueChanged = () => {} }: CatalogueRouteOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 300) onCatalogueChanged();
    });

    app.get(
      '/courses',
      {
        config: staff,
        schema: {
          operationId: 'listCourses',
          summary: 'Courses, filtered, sorted and paged',
          tags,
          querystring: listCoursesQuerySchema,
          response: { 200: successEnvelope(coursePageSchema) },
        },
      },
      async (request) => {
        const page = await listCourses(ctx.db.kysely, request.query);
        return { result: { ...page, items: page.items.map(toAdminCourse) } };
      },
    );

    app.get(
      '/courses/:id',
      {
        config: staff,
        schema: {
          operationId: 'getCourse',
          summary: 'One course with its texts, tags, places and bookings',
          tags,
          params: idParamsSchema,
          response: { 200: successEnvelope(adminCourseSchema), 404: errorBodySchema },
        },
      },
      async (request) => ({ result: toAdminCourse(await readCourse(ctx.db.kysely, request.params.id)) }),
    );

    app.post(
      '/courses',
      {
        config: staff,
        schema: {
          operationId: 'createCourse',
          summary: 'A new course (a draft until published)',
          tags,
          body: createCourseBodySchema,
          response: { 200: successEnvelope(adminCourseSchema), 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const course = toAdminCourse(await createCourse(tx.kysely, request.body, ctx.now()));
          await audit({ entityType: 'course', entityId: course.id, before: null, after: course });
          return { result: course };
        }),
    );

    app.patch(
      '/courses/:id',
      {
        config: staff,
        schema: {
          operationId: 'updateCourse',
          summary: 'Change a course; moving a booked one mails its people a new calendar entry',
          tags,
          params: idParamsSchema,
          body: updateCourseBodySchema,
          response: { 200: successEnvelope(updateCourseResultSchema), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { before, after, moved, mailsQueued } = await updateCourse(
            tx.kysely,
            request.params.id,
            request.body,
            ctx.now(),
          );
          const course = toAdminCourse(after);
          await audit({ entityType: 'course', entityId: course.id, before: toAdminCourse(before), after: course });
          return { result: { course, moved, mailsQueued } };
        }),
    );

    for (const [action, status] of [
      ['publish', 'published'],
      ['unpublish', 'draft'],
    ] as const) {
      app.post(
        `/courses/:id/${action}`,
        {
          config: staff,
          schema: {
            operationId: `${action}Course`,
            summary: action === 'publish' ? 'Put a course on sale' : 'Take a course off sale (a draft again)',
            tags,
            params: idParamsSchema,
            body: noBody,
            response: { 200: successEnvelope(adminCourseSchema), 404: errorBodySchema, 409: errorBodySchema },
          },
        },
        async (request) =>
          audited(ctx, request, async (tx, audit) => {
            const { before, after } = await setCourseStatus(tx.kysely, request.params.id, status, ctx.now());
            const course = toAdminCourse(after);
            await audit({ entityType: 'course', entityId: course.id, before: toAdminCourse(before), after: course });
            return { result: course };
          }),
      );
    }

    app.post(
      '/courses/:id/cancel',
      {
        config: staff,
        schema: {
          operationId: 'cancelCourse',
          summary: 'Cancel a course: its positions are cancelled, buyers told, a case opened per position',
          tags,
          params: idParamsSchema,
          body: cancelCourseBodySchema.nullish(),
          response: { 200: successEnvelope(cancelCourseResultSchema), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { before, after, outcome } = await cancelCourse(
            tx.kysely,
            request.params.id,
            request.body?.reason ?? '',
            ctx.now(),
          );
          const course = toAdminCourse(after);
          await audit({ entityType: 'course', entityId: course.id, before: toAdminCourse(before), after: course });
          return {
            result: {
              course,
              cancelledBookings: outcome.cancelledBookings,
              mailsQueued: outcome.mailsQueued,
              casesOpened: outcome.casesOpened,
            },
          };
        }),
    );

    app.get(
      '/products',
      {
        config: staff,
        schema: {
          operationId: 'listProducts',
          summary: 'Products, paged',
          tags,
          querystring: listProductsQuerySchema,
          response: { 200: successEnvelope(productPageSchema) },
        },
      },
      async (request) => {
        const page = await listProducts(ctx.db.kysely, request.query);
        return { result: { ...page, items: page.items.map(toAdminProduct) } };
      },
    );

    app.get(
      '/products/:id',
      {
        config: staff,
        schema: {
          operationId: 'getProduct',
          summary: 'One product',
          tags,
          params: idParamsSchema,
          response: { 200: successEnvelope(adminProductSchema), 404: errorBodySchema },
        },
      },
      async (request) => ({ result: toAdminProduct(await readProduct(ctx.db.kysely, request.params.id)) }),
    );

    app.post(
      '/products',
      {
        config: staff,
        schema: {
          operationId: 'createProduct',
          summary: 'A new product (a draft until published)',
          tags,
          body: createProductBodySchema,
          response: { 200: successEnvelope(adminProductSchema), 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const product = toAdminProduct(
            await createProduct(tx.kysely, request.body, await loadCatalogueFacts(tx.kysely)),
          );
          await audit({ entityType: 'product', entityId: product.id, before: null, after: product });
          return { result: product };
        }),
    );

    app.patch(
      '/products/:id',
      {
        config: staff,
        schema: {
          operationId: 'updateProduct',
          summary: 'Change a product; `status` publishes or unpublishes it',
          tags,
          params: idParamsSchema,
          body: updateProductBodySchema,
          response: { 200: successEnvelope(adminProductSchema), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { before, after } = await updateProduct(
            tx.kysely,
            request.params.id,
            request.body,
            await loadCatalogueFacts(tx.kysely),
          );
          const product = toAdminProduct(after);
          await audit({ entityType: 'product', entityId: product.id, before: toAdminProduct(before), after: product });
          return { result: product };
        }),
    );

    app.get(
      '/package-prices',
      {
        config: staff,
        schema: {
          operationId: 'listPackagePrices',
          summary: 'Package prices (amount 1: the unit price)',
          tags,
          querystring: listPackagePricesQuerySchema,
          response: { 200: successEnvelope(packagePricePageSchema) },
        },
      },
      async (request) => {
        const page = await listPackagePrices(ctx.db.kysely, request.query);
        return { result: { ...page, items: page.items.map(toAdminPackagePrice) } };
      },
    );

    app.put(
      '/package-prices/:id',
      {
        config: staff,
        schema: {
          operationId: 'updatePackagePrice',
          summary: 'Set the price or status of a package, creating it when new',
          tags,
          params: packagePriceParamsSchema,
          body: updatePackagePriceBodySchema,
          response: { 200: successEnvelope(adminPackagePriceSchema) },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { before, after } = await updatePackagePrice(tx.kysely, request.params.id, request.body);
          const item = toAdminPackagePrice(after);
          await audit({
            entityType: 'package_price',
            entityId: item.id,
            before: before && toAdminPackagePrice(before),
            after: item,
          });
          return { result: item };
        }),
    );

    app.get(
      '/modules',
      {
        config: staff,
        schema: {
          operationId: 'listModules',
          summary: 'Flexible-learning modules, paged',
          tags,
          querystring: listModulesQuerySchema,
          response: { 200: successEnvelope(modulePageSchema) },
        },
      },
      async (request) => {
        const page = await listModules(ctx.db.kysely, request.query);
        return { result: { ...page, items: page.items.map(toAdminModule) } };
      },
    );

    app.get(
      '/modules/:id',
      {
        config: staff,
        schema: {
          operationId: 'getModule',
          summary: 'One flexible-learning module',
          tags,
          params: idParamsSchema,
          response: { 200: successEnvelope(adminModuleSchema), 404: errorBodySchema },
        },
      },
      async (request) => ({ result: toAdminModule(await readModule(ctx.db.kysely, request.params.id)) }),
    );

    app.post(
      '/modules',
      {
        config: staff,
        schema: {
          operationId: 'createModule',
          summary: 'A new flexible-learning module (a draft until published)',
          tags,
          body: createModuleBodySchema,
          response: { 200: successEnvelope(adminModuleSchema), 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const module = toAdminModule(await createModule(tx.kysely, request.body));
          await audit({ entityType: 'module', entityId: module.id, before: null, after: module });
          return { result: module };
        }),
    );

    app.patch(
      '/modules/:id',
      {
        config: staff,
        schema: {
          operationId: 'updateModule',
          summary: 'Change a module; `status` publishes or unpublishes it with its appointments',
          tags,
          params: idParamsSchema,
          body: updateModuleBodySchema,
          response: { 200: successEnvelope(adminModuleSchema), 404: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { before, after } = await updateModule(tx.kysely, request.params.id, request.body);
          const module = toAdminModule(after);
          await audit({ entityType: 'module', entityId: module.id, before: toAdminModule(before), after: module });
          return { result: module };
        }),
    );

    app.get(
      '/tags',
      {
        config: staff,
        schema: {
          operationId: 'listTags',
          summary: 'Tags by category; derived ones follow from the dates',
          tags,
          querystring: listTagsQuerySchema,
          response: { 200: successEnvelope(tagPageSchema) },
        },
      },
      async (request) => ({ result: await listTags(ctx.db.kysely, request.query) }),
    );

    app.post(
      '/tags',
      {
        config: staff,
        schema: {
          operationId: 'createTag',
          summary: 'A new tag staff can choose (level, collection, …)',
          tags,
          body: createTagBodySchema,
          response: { 200: successEnvelope(adminTagSchema), 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const tag = await createTag(tx.kysely, request.body);
          await audit({ entityType: 'tag', entityId: tag.id, before: null, after: tag });
          return { result: tag };
        }),
    );

    app.post(
      '/catalogue/import',
      {
        config: staff,
        bodyLimit: importBodyLimit,
        schema: {
          operationId: 'importCatalogue',
          summary: 'Import the CSV files of the export (dry run by default); all or nothing',
          tags,
          body: importCatalogueBodySchema,
          response: { 200: successEnvelope(importReportSchema), 409: refusedSchema },
        },
      },
      async (request, reply) => {
        const { dryRun, files } = request.body;
        try {
          const report = await audited(ctx, request, async (tx, audit) => {
            const result = await importCatalogue(tx.kysely, files, { dryRun, now: ctx.now() });
            if (result.refusals.length > 0 && !dryRun) throw new ImportRefusedError(result);
            if (result.applied)
              await audit({
                entityType: 'catalogue',
                entityId: null,
                before: null,
                after: { counts: result.counts, changes: result.changes, files: Object.keys(files) },
              });
            return result;
          });
          return { result: report };
        } catch (error) {
          if (!(error instanceof ImportRefusedError)) throw error;
          return reply.status(409).send({
            error: {
              code: CatalogueErrorCode.importRefused,
              message: `${error.report.refusals.length} rows refused; nothing was changed`,
            },
            report: error.report,
          });
        }
      },
    );

    app.get(
      '/catalogue/export',
      {
        config: staff,
        schema: {
          operationId: 'exportCatalogue',
          summary: 'The whole catalogue as CSV files, one per kind (the import format)',
          tags,
          response: { 200: successEnvelope(exportCatalogueResultSchema) },
        },
      },
      async () => {
        const files = await exportCatalogue(ctx.db.kysely);
        return {
          result: {
            exportedAt: ctx.now().toISOString(),
            files: Object.fromEntries(
              Object.entries(files).map(([kind, text]) => [catalogueFileNames[kind as keyof typeof files], text]),
            ),
          },
        };
      },
    );

    app.get(
      '/catalogue/export/:kind',
      {
        config: staff,
        schema: {
          operationId: 'exportCatalogueFile',
          summary: 'One kind of the catalogue as a CSV download',
          tags,
          params: exportFileParamsSchema,
        },
      },
      async (request, reply) => {
        const files = await exportCatalogue(ctx.db.kysely);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${catalogueFileNames[request.params.kind]}"`)
          .send(files[request.params.kind]);
      },
    );
  };
