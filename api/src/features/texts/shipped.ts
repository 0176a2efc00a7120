import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { flattenTexts, languages } from '@shop/shared/contract';
import type { Db } from '../../db/database.ts';
import { readSourceTexts, type SourceTexts, syncTranslations } from '../../db/seed/translations.ts';
import { inTransaction } from '../../db/database.ts';

/**
 * The shipped texts follow the live composition (docs/decisions/0119-area-builds-carry-texts-and-requirements.md):
 * each area's texts travel with its build, `npm run compose` puts the composed areas' texts into the composition
 * (`texts.json`), and the translation table takes them when the composition's pointer moves, without a restart.
 * What no composed area ships (the shell's and @shop/shared's texts) comes from this checkout, as before.
 */

interface ComposedTexts {
  areas: Record<string, { version: string; texts: Record<string, unknown> }>;
}

/** The composition the pointer in `dir` names (`compositions/0007`), or null without one. */
export function liveTarget(dir: string | null): string | null {
  if (!dir) return null;
  try {
    return readlinkSync(path.join(dir, 'live'));
  } catch {
    return null;
  }
}

/**
 * The checkout's texts with each composed area's own namespaces (the top-level keys of its German texts)
 * replaced by the texts its build shipped; a language an area lacks falls back to its German text.
 */
export function composedSource(composed: ComposedTexts, checkout: SourceTexts = readSourceTexts()): SourceTexts {
  const source: SourceTexts = new Map(checkout);
  for (const { texts } of Object.values(composed.areas)) {
    const namespaces = Object.keys((texts.de ?? {}) as object);
    for (const slug of [...source.keys()]) {
      if (namespaces.some((namespace) => slug.startsWith(`${namespace}.`))) source.delete(slug);
    }
    for (const language of languages) {
      for (const [slug, value] of flattenTexts(texts[language] ?? {})) {
        const entry = source.get(slug) ?? ({} as Record<(typeof languages)[number], string>);
        entry[language] = value;
        source.set(slug, entry);
      }
    }
  }
  for (const entry of source.values()) for (const language of languages) entry[language] ??= entry.de;
  return source;
}

/** The texts a start or a switch seeds from: the live composition's where there is one. */
export function shippedSource(dir: string | null, target = liveTarget(dir)): SourceTexts | undefined {
  if (!dir || !target) return undefined;
  const composed = JSON.parse(readFileSync(path.join(dir, target, 'texts.json'), 'utf8')) as ComposedTexts;
  return composedSource(composed);
}

/**
 * Keeps the table in step with the pointer: `current()` (before texts are read) looks at the pointer, a readlink
 * per call, and when it moved since this process last looked, brings the table to the texts of the composition
 * now live. Every process does the same on the same database, so each arrives at the same table.
 */
export function shippedTextsFollower(db: Db, dir: string | null, onSwitch: (target: string) => void = () => {}) {
  // Unknown at first: the first read brings the table to the live composition, whatever a start seeded.
  let followed: string | null = null;
  let switching: Promise<void> | null = null;
  return {
    async current(): Promise<void> {
      const target = liveTarget(dir);
      if (target === followed || target === null) return;
      switching ??= (async () => {
        const source = shippedSource(dir, target)!;
        await inTransaction(db.kysely, (trx) => syncTranslations(trx, source));
        followed = target;
        onSwitch(target);
      })().finally(() => (switching = null));
      await switching;
    },
  };
}

export type ShippedTextsFollower = ReturnType<typeof shippedTextsFollower>;
