import { defaultExporter, type Exporter } from 'react-admin';
import { centsToGermanDecimal } from '@shop/shared/money';

/**
 * A record as the office's spreadsheet reads it: each `…Cents` amount of the admin contract becomes a German
 * decimal in euros under `…Eur` ("289,50"), a number German Excel and LibreOffice calculate with.
 */
export function withEuros(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) =>
      key.endsWith('Cents') && (typeof value === 'number' || value === null)
        ? [`${key.slice(0, -'Cents'.length)}Eur`, value === null ? '' : centsToGermanDecimal(value)]
        : [key, value],
    ),
  );
}

/** react-admin's CSV export of a list, with its amounts in euros (withEuros). */
export const euroExporter: Exporter = (records, fetchRelated, dataProvider, resource) =>
  defaultExporter(records.map(withEuros), fetchRelated, dataProvider, resource);
