import { catalogueFileNames, catalogueKinds, type CatalogueKind, type ImportReport } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';

/** The kind an uploaded file is, by its name as the export writes it (`courses.csv`); null for another file. */
export function kindOfFile(name: string): CatalogueKind | null {
  const base = name.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  return catalogueKinds.find((kind) => catalogueFileNames[kind] === base) ?? null;
}

export type CatalogueFiles = Partial<Record<CatalogueKind, string>>;

/** importCatalogue: a dry run reports what would happen; without it the import is all or nothing. */
export function importCatalogue(files: CatalogueFiles, dryRun: boolean): Promise<ImportReport> {
  return adminCall<ImportReport>('/catalogue/import', { method: 'POST', body: { dryRun, files } });
}

/** exportCatalogue: one CSV text per kind, by file name. */
export function exportCatalogue(): Promise<{ exportedAt: string; files: Record<string, string> }> {
  return adminCall('/catalogue/export');
}

/** Saves a text as a file through the browser (the export's CSV files). */
export function download(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
