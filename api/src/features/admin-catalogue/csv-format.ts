import { type Language, languages, PackageType } from '@shop/shared/contract';
import type { CatalogueKind } from '@shop/shared/contract/admin';
import { catalogueFileNames } from '@shop/shared/contract/admin';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { CourseRecord, StoredCourse, TextsRecord } from './course-records.ts';
import { meetingDaysOf, weekdaySlugs } from './derived-tags.ts';
import type { ModuleRecord } from './modules.ts';
import type { PackagePriceRecord } from './package-prices.ts';
import type { ProductRecord } from './products.ts';

/**
 * The catalogue's CSV files (docs/backoffice.md#import-and-export, docs/decisions/0097-catalogue-csv.md): one per kind,
 * UTF-8 with a byte-order mark (so Excel reads the umlauts), `;`-separated (what Excel expects in German-speaking
 * countries; LibreOffice asks), CRLF, a header row. Money is whole cents (no decimal separator to misread), dates
 * `yyyy-MM-dd` (a re-saved `dd.MM.yyyy` is read too), times `HH:mm`. Columns marked read-only are for reading.
 */

const textColumns = languages.flatMap((l) => [`title_${l}`, `pretitle_${l}`, `short_${l}`]);

export const csvColumns: Record<CatalogueKind, readonly string[]> = {
  modules: ['identifier', 'status', ...textColumns],
  courses: [
    'identifier',
    'type',
    'status',
    'module',
    'start_date',
    'start_time',
    'end_date',
    'end_time',
    'meeting_days',
    'registration_deadline',
    'max_participants',
    'price_cents',
    'discounted_price_cents',
    'tags',
    ...textColumns,
    'taken_places',
  ],
  products: ['identifier', 'status', 'institution_id', 'price_cents', 'discounted_price_cents', 'tags', ...textColumns],
  packagePrices: ['type', 'amount', 'price_cents', 'status'],
};
/** Columns the export writes for information and the import ignores. */
export const readOnlyColumns: readonly string[] = ['taken_places'];

const courseTypeNames: Record<number, string> = {
  1: 'group_course',
  2: 'flexible_appointment',
  3: 'conversation_hour',
};

export function toCsv(kind: CatalogueKind, rows: Record<string, string | number | null>[]): string {
  return stringify(rows, {
    header: true,
    columns: [...csvColumns[kind]],
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    cast: { number: (value) => String(value) },
  });
}

const textCells = (texts: TextsRecord) =>
  Object.fromEntries(
    languages.flatMap((l) => [
      [`title_${l}`, texts[l]?.title ?? ''],
      [`pretitle_${l}`, texts[l]?.pretitle ?? ''],
      [`short_${l}`, texts[l]?.short ?? ''],
    ]),
  );

export function courseRow(course: StoredCourse): Record<string, string | number | null> {
  const r = course.record;
  return {
    identifier: r.identifier,
    type: courseTypeNames[r.type] ?? String(r.type),
    status: r.status,
    module: r.moduleIdentifier ?? '',
    start_date: r.startDate,
    start_time: r.startTime ?? '',
    end_date: r.endDate,
    end_time: r.endTime ?? '',
    meeting_days: r.meetingDays.map((d) => weekdaySlugs[d]).join(','),
    registration_deadline: r.registrationDeadline,
    max_participants: r.maxParticipants,
    price_cents: r.priceCents,
    discounted_price_cents: r.discountedPriceCents ?? '',
    tags: r.tags.join(','),
    ...textCells(r.texts),
    taken_places: r.maxParticipants - course.freePlaces,
  };
}

export const moduleRow = (m: ModuleRecord) => ({ identifier: m.identifier, status: m.status, ...textCells(m.texts) });

export const productRow = (p: ProductRecord) => ({
  identifier: p.identifier,
  status: p.status,
  institution_id: p.institutionId,
  price_cents: p.priceCents,
  discounted_price_cents: p.discountedPriceCents ?? '',
  tags: p.tags.join(','),
  ...textCells(p.texts),
});

export const packagePriceRow = (p: PackagePriceRecord) => ({
  type: p.type,
  amount: p.amount,
  price_cents: p.priceCents,
  status: p.status,
});

/** One data row of a file: its cells by column, and its line in the file (the header is line 1). */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Reads a file of `kind`: `;` or `,` separated (as its header row is), with or without a byte-order mark. */
export function parseCsv(kind: CatalogueKind, text: string): CsvRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const header = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = header.includes(';') || !header.includes(',') ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter,
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new CsvFileError(`Not a readable CSV file: ${(error as Error).message}`, line);
  }
  if (records.length === 0) throw new CsvFileError('The file is empty (a header row is needed)', 1);
  const columns = records[0]!.record.map((c) => c.trim().toLowerCase());
  const missing = csvColumns[kind].filter((c) => !readOnlyColumns.includes(c) && !columns.includes(c));
  if (missing.length > 0)
    throw new CsvFileError(`Columns missing in ${catalogueFileNames[kind]}: ${missing.join(', ')}`, 1);
  return records.slice(1).map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(columns.map((column, i) => [column, record[i] ?? ''])),
  }));
}

/** A cell that cannot be read: the reason, for the row's refusal. */
export class CellError extends Error {}

const cellDate = (value: string, column: string): string => {
  const v = value.trim();
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
  const iso = german ? `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}` : v;
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(iso) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);
  if (!valid) throw new CellError(`${column}: expected a date yyyy-MM-dd, got "${value}"`);
  return iso;
};

const cellTime = (value: string, column: string): string | null => {
  const v = value.trim();
  if (v === '') return null;
  const match = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(v);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
    throw new CellError(`${column}: expected a time HH:mm, got "${value}"`);
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
};

const cellInt = (value: string, column: string, { min = 0, max = 100_000_000 } = {}): number => {
  const v = value.trim();
  if (!/^-?\d+$/.test(v)) throw new CellError(`${column}: expected a whole number, got "${value}"`);
  const n = Number(v);
  if (n < min || n > max) throw new CellError(`${column}: must be between ${min} and ${max}`);
  return n;
};

const cellOptionalInt = (value: string, column: string) => (value.trim() === '' ? null : cellInt(value, column));

const cellEnum = <T extends string>(value: string, column: string, allowed: readonly T[]): T => {
  const v = value.trim().toLowerCase() as T;
  if (!allowed.includes(v)) throw new CellError(`${column}: expected one of ${allowed.join(', ')}, got "${value}"`);
  return v;
};

const cellIdentifier = (value: string, column = 'identifier'): string => {
  const v = value.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) || v.length > 64)
    throw new CellError(`${column}: letters, digits, ".", "_" and "-" only (at most 64), got "${value}"`);
  return v;
};

const cellList = (value: string) =>
  [
    ...new Set(
      value
        .split(/[,\s]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].sort();

function cellTexts(cells: Record<string, string>): TextsRecord {
  const texts: TextsRecord = {};
  for (const language of languages as readonly Language[]) {
    const title = (cells[`title_${language}`] ?? '').trim();
    const pretitle = cells[`pretitle_${language}`] ?? '';
    const short = cells[`short_${language}`] ?? '';
    if (title || pretitle || short) texts[language] = { title, pretitle, short };
  }
  if (!texts.de?.title) throw new CellError('title_de: a German title is required');
  return texts;
}

export function courseFromCells(cells: Record<string, string>): CourseRecord {
  const typeText = cells.type!.trim().toLowerCase();
  const type = Object.entries(courseTypeNames).find(([id, name]) => name === typeText || id === typeText)?.[0];
  if (!type) throw new CellError(`type: expected ${Object.values(courseTypeNames).join(', ')}, got "${cells.type}"`);
  const startDate = cellDate(cells.start_date!, 'start_date');
  const days = cellList(cells.meeting_days ?? '').map((slug) => {
    const day = weekdaySlugs.indexOf(slug);
    if (day < 0) throw new CellError(`meeting_days: "${slug}" is not a weekday (monday … sunday)`);
    return day;
  });
  return {
    identifier: cellIdentifier(cells.identifier!),
    type: Number(type),
    status: cellEnum(cells.status!, 'status', ['draft', 'published', 'cancelled'] as const),
    startDate,
    startTime: cellTime(cells.start_time!, 'start_time'),
    endDate: cellDate(cells.end_date!, 'end_date'),
    endTime: cellTime(cells.end_time!, 'end_time'),
    meetingDays: meetingDaysOf({ startDate, meetingDays: days }),
    registrationDeadline: cellDate(cells.registration_deadline!, 'registration_deadline'),
    maxParticipants: cellInt(cells.max_participants!, 'max_participants', { min: 1, max: 10_000 }),
    priceCents: cellInt(cells.price_cents!, 'price_cents'),
    discountedPriceCents: cellOptionalInt(cells.discounted_price_cents!, 'discounted_price_cents'),
    moduleIdentifier: cells.module!.trim() === '' ? null : cellIdentifier(cells.module!, 'module'),
    tags: cellList(cells.tags!),
    texts: cellTexts(cells),
  };
}

export const moduleFromCells = (cells: Record<string, string>): ModuleRecord => ({
  identifier: cellIdentifier(cells.identifier!),
  status: cellEnum(cells.status!, 'status', ['draft', 'published'] as const),
  texts: cellTexts(cells),
});

export const productFromCells = (cells: Record<string, string>): ProductRecord => ({
  identifier: cellIdentifier(cells.identifier!),
  status: cellEnum(cells.status!, 'status', ['draft', 'published'] as const),
  institutionId: cellInt(cells.institution_id!, 'institution_id', { min: 1, max: 1_000_000 }),
  priceCents: cellInt(cells.price_cents!, 'price_cents'),
  discountedPriceCents: cellOptionalInt(cells.discounted_price_cents!, 'discounted_price_cents'),
  tags: cellList(cells.tags!),
  texts: cellTexts(cells),
});

export const packagePriceFromCells = (cells: Record<string, string>): PackagePriceRecord => ({
  type: cellEnum(cells.type!, 'type', [PackageType.conversationHours, PackageType.flexibleLearning] as const),
  amount: cellInt(cells.amount!, 'amount', { min: 1, max: 1000 }),
  priceCents: cellInt(cells.price_cents!, 'price_cents'),
  status: cellEnum(cells.status!, 'status', ['draft', 'published'] as const),
});
