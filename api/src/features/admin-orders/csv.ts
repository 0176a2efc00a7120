import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (`=`, `@`, or `+`/`-` not followed by a number alone) is written
 * with a leading apostrophe: names and addresses are what buyers typed (OWASP "CSV injection").
 */
export function safeCell(value: string): string {
  return /^[=@\t\r]/.test(value) || /^[+-](?![\d ,.]+$)/.test(value) ? `'${value}` : value;
}

/** Rows as CSV the way Excel in Germany opens it: `;`, CRLF, UTF-8 with a BOM when `bom` (the file's start). */
export function csvRows(
  columns: readonly (readonly [string, string])[],
  rows: Record<string, string | number | null | undefined>[],
  { header = true, bom = header }: { header?: boolean; bom?: boolean } = {},
): string {
  return stringify(rows, {
    header,
    columns: columns.map(([key, label]) => ({ key, header: label })),
    delimiter: ';',
    bom,
    record_delimiter: 'windows',
    cast: { number: (value) => String(value), string: safeCell },
  });
}
