import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenTexts, type Language, languages, successEnvelope } from '@shop/shared/contract';
import {
  listTextsQuerySchema,
  textItemSchema,
  textKeyParamsSchema,
  textPageSchema,
  updateTextRequestSchema,
  type TextItem,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/schema.ts';
import { textSourceDirs } from '../../db/seed/translations.ts';
import { notFound } from '../../http/errors.ts';
import { audited } from '../staff/audit.ts';
import { currentStaff } from '../staff/access.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Which languages each key's source files give a text of its own (the table falls back to German for the rest). */
let presence: Map<string, Set<Language>> | undefined;
function shippedLanguages(): Map<string, Set<Language>> {
  if (presence) return presence;
  const found = new Map<string, Set<Language>>();
  for (const language of languages) {
    for (const dir of textSourceDirs) {
      const parsed: unknown = JSON.parse(readFileSync(path.join(repoRoot, dir, `${language}.json`), 'utf8'));
      for (const [slug, value] of flattenTexts(parsed)) {
        if (value.trim() === '') continue;
        const languagesOfKey = found.get(slug) ?? new Set<Language>();
        languagesOfKey.add(language);
        found.set(slug, languagesOfKey);
      }
    }
  }
  return (presence = found);
}

/** Every key with its shipped and edited texts, in key order. */
async function allTexts(kysely: Kysely<Database>, onlyKey?: string): Promise<TextItem[]> {
  let query = kysely
    .selectFrom('translation')
    .leftJoin('translation_override', (join) =>
      join
        .onRef('translation_override.slug', '=', 'translation.slug')
        .onRef('translation_override.language', '=', 'translation.language'),
    )
    .select([
      'translation.slug as slug',
      'translation.language as language',
      'translation.value as shipped',
      'translation_override.value as edited',
      'translation_override.shipped_value as editedOver',
    ])
    .where('translation.language', 'in', [...languages]);
  if (onlyKey !== undefined) query = query.where('translation.slug', '=', onlyKey);
  const rows = await query.orderBy('translation.slug').execute();
  const shippedIn = shippedLanguages();
  const items = new Map<string, TextItem>();
  for (const row of rows) {
    const language = row.language as Language;
    let item = items.get(row.slug);
    if (!item) {
      const empty = () => Object.fromEntries(languages.map((l) => [l, null])) as Record<Language, null>;
      item = {
        id: row.slug,
        key: row.slug,
        area: row.slug.split('.')[0]!,
        values: Object.fromEntries(languages.map((l) => [l, ''])) as Record<Language, string>,
        shipped: empty(),
        edited: [],
        missing: [],
        outdated: [],
      };
      items.set(row.slug, item);
    }
    const known = shippedIn.get(row.slug);
    // A key the source files no longer name keeps what the table has.
    const shipsOwn = known ? known.has(language) : row.shipped.trim() !== '';
    item.shipped[language] = shipsOwn ? row.shipped : null;
    item.values[language] = row.edited ?? row.shipped;
    if (row.edited !== null) item.edited.push(language);
    if (row.edited !== null && row.editedOver !== null && row.editedOver !== row.shipped) item.outdated.push(language);
  }
  for (const item of items.values()) {
    item.edited = languages.filter((l) => item.edited.includes(l));
    item.outdated = languages.filter((l) => item.outdated.includes(l));
    item.missing = languages.filter((l) => !item.edited.includes(l) && item.shipped[l] === null);
  }
  return [...items.values()];
}

/** listTexts, updateText: the shop's texts, edited in a layer over the shipped ones (features/texts/store.ts). */
export const textAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['texts'];
    app.get(
      '/texts',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'listTexts',
          summary: 'Every text key in de/en/es, searchable, with the keys missing a language',
          tags,
          querystring: listTextsQuerySchema,
          response: { 200: successEnvelope(textPageSchema) },
        },
      },
      async (request) => {
        await ctx.shippedTexts?.current();
        const { page, perPage, order, q, area, missing, edited } = request.query;
        const needle = q?.toLowerCase();
        let items = (await allTexts(ctx.db.kysely)).filter(
          (item) =>
            (!area || item.area === area) &&
            (!missing || (missing === 'any' ? item.missing.length > 0 : item.missing.includes(missing))) &&
            (edited === undefined || item.edited.length > 0 === edited) &&
            (!needle ||
              item.key.toLowerCase().includes(needle) ||
              languages.some((l) => item.values[l].toLowerCase().includes(needle))),
        );
        if (order === 'desc') items = items.reverse();
        return {
          result: { items: items.slice((page - 1) * perPage, page * perPage), total: items.length, page, perPage },
        };
      },
    );

    app.put(
      '/texts/:key',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'updateText',
          summary:
            "Set (or with null remove) the operator's text of a key per language; the shop shows it within a minute",
          tags,
          params: textKeyParamsSchema,
          body: updateTextRequestSchema,
          response: { 200: successEnvelope(textItemSchema) },
        },
      },
      async (request) => {
        const { key } = request.params;
        const staffId = currentStaff(request).id;
        const result = await audited(ctx, request, async (tx, audit) => {
          const [before] = await allTexts(tx.kysely, key);
          if (!before) throw notFound(`No text with the key ${key}`);
          const now = ctx.now().toISOString();
          for (const language of languages) {
            const value = request.body.values[language];
            if (value === undefined) continue;
            await tx.kysely
              .deleteFrom('translation_override')
              .where('slug', '=', key)
              .where('language', '=', language)
              .execute();
            if (value !== null) {
              const shipped = await tx.kysely
                .selectFrom('translation')
                .select('value')
                .where('slug', '=', key)
                .where('language', '=', language)
                .executeTakeFirst();
              await tx.kysely
                .insertInto('translation_override')
                // Kept, so a later deploy shipping another text under the edit is flagged (`outdated`).
                .values({
                  slug: key,
                  language,
                  value,
                  updated_at: now,
                  staff_id: staffId,
                  shipped_value: shipped?.value ?? null,
                })
                .execute();
            }
          }
          const [after] = await allTexts(tx.kysely, key);
          const layer = (item: TextItem) =>
            Object.fromEntries(item.edited.map((language) => [language, item.values[language]]));
          await audit({ entityType: 'text', entityId: key, before: layer(before), after: layer(after!) });
          return after!;
        });
        return { result };
      },
    );
  };
