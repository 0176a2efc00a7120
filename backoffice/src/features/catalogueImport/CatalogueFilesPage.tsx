import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { catalogueFileNames, catalogueKinds, type ImportReport } from '@shop/shared/contract/admin';
import { AdminError } from '../../api/http.ts';
import { errorTextKey } from '../../auth/errors.ts';
import { SimpleTable } from '../../components/SimpleTable.tsx';
import { download, exportCatalogue, importCatalogue, kindOfFile, type CatalogueFiles } from './api.ts';

function Report({ report }: { report: ImportReport }) {
  const translate = useTranslate();
  const counts = ['created', 'changed', 'unchanged', 'deleted', 'refused'] as const;
  return (
    <Box sx={{ mt: 2 }} data-testid="import-report">
      <Typography variant="h2" sx={{ mb: 1 }}>
        {translate(
          report.applied
            ? 'bo.catalogueFiles.applied'
            : report.dryRun
              ? 'bo.catalogueFiles.dryRunResult'
              : 'bo.catalogueFiles.refusedResult',
        )}
      </Typography>
      <Box
        sx={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={translate('bo.catalogueFiles.countsCaption')}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('bo.catalogueFiles.kind')}
              </TableCell>
              {counts.map((count) => (
                <TableCell key={count} component="th" scope="col" align="right">
                  {translate(`bo.catalogueFiles.count.${count}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {catalogueKinds
              .filter((kind) => report.counts[kind])
              .map((kind) => (
                <TableRow key={kind}>
                  <TableCell component="th" scope="row">
                    {catalogueFileNames[kind]}
                  </TableCell>
                  {counts.map((count) => (
                    <TableCell key={count} align="right">
                      {report.counts[kind]?.[count] ?? 0}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </Box>
      {report.refusals.length > 0 ? (
        <>
          <Typography variant="h2" sx={{ mt: 2, mb: 1 }}>
            {translate('bo.catalogueFiles.refusals', { smart_count: report.refusals.length })}
          </Typography>
          <Box
            sx={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={translate('bo.catalogueFiles.refusals', { smart_count: report.refusals.length })}
          >
            <SimpleTable
              testId="import-refusals"
              heads={['file', 'line', 'identifier', 'reason'].map((column) =>
                translate(`bo.catalogueFiles.column.${column}`),
              )}
              rows={report.refusals.map((refusal) => [
                refusal.file,
                refusal.line,
                refusal.identifier ?? '—',
                refusal.reason,
              ])}
            />
          </Box>
        </>
      ) : null}
      {report.changes.length > 0 ? (
        <>
          <Typography variant="h2" sx={{ mt: 2, mb: 1 }}>
            {translate('bo.catalogueFiles.changes', { smart_count: report.changes.length })}
          </Typography>
          <Box
            sx={{ overflowX: 'auto', maxHeight: 480 }}
            tabIndex={0}
            role="region"
            aria-label={translate('bo.catalogueFiles.changes', { smart_count: report.changes.length })}
          >
            <SimpleTable
              heads={['kind', 'identifier', 'action', 'fields'].map((column) =>
                translate(`bo.catalogueFiles.column.${column}`),
              )}
              rows={report.changes
                .slice(0, 500)
                .map((change) => [
                  catalogueFileNames[change.kind],
                  change.identifier,
                  translate(`bo.catalogueFiles.action.${change.action}`),
                  change.fields.join(', '),
                ])}
            />
          </Box>
        </>
      ) : null}
    </Box>
  );
}

/**
 * The catalogue as CSV files (one per kind, the format `npm run catalogue -w api -- export` writes): export them,
 * upload changed ones, see a dry run (what would be created, changed, left alone, refused with file, line and
 * reason), then apply it, all or nothing.
 */
export function CatalogueFilesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const inputId = useId();
  const [files, setFiles] = useState<CatalogueFiles>({});
  const [ignored, setIgnored] = useState<string[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    const next: CatalogueFiles = {};
    const other: string[] = [];
    for (const file of chosen) {
      const kind = kindOfFile(file.name);
      if (kind) next[kind] = await file.text();
      else other.push(file.name);
    }
    setFiles(next);
    setIgnored(other);
    setReport(null);
    setError(null);
  }

  async function run(dryRun: boolean) {
    setBusy(true);
    setError(null);
    try {
      const result = await importCatalogue(files, dryRun);
      setReport(result);
      if (!dryRun && result.applied) notify(translate('bo.catalogueFiles.applied'), { type: 'success' });
    } catch (failure) {
      // A refused import answers with its report: show it like a dry run's.
      const body = failure instanceof AdminError ? (failure.envelope as { report?: ImportReport }) : undefined;
      if (body?.report) setReport(body.report);
      setError(errorTextKey(failure));
    } finally {
      setBusy(false);
      setConfirming(false);
      setTimeout(() => resultRef.current?.focus(), 0);
    }
  }

  async function exportAll() {
    setBusy(true);
    try {
      const result = await exportCatalogue();
      for (const [name, text] of Object.entries(result.files)) download(name, text);
      notify(translate('bo.catalogueFiles.exported', { smart_count: Object.keys(result.files).length }), {
        type: 'success',
      });
    } catch (failure) {
      notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const chosenKinds = catalogueKinds.filter((kind) => files[kind] !== undefined);
  const canApply = report?.dryRun === true && report.refusals.length === 0;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('bo.catalogueFiles.title')} />
      <CardContent>
        <Box component="section" aria-labelledby="export-heading" sx={{ mb: 3 }}>
          <Typography variant="h2" id="export-heading" sx={{ mb: 1 }}>
            {translate('bo.catalogueFiles.exportTitle')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{translate('bo.catalogueFiles.exportHelp')}</Typography>
          <Button variant="outlined" onClick={() => void exportAll()} disabled={busy}>
            {translate('bo.catalogueFiles.export')}
          </Button>
        </Box>
        <Box component="section" aria-labelledby="import-heading">
          <Typography variant="h2" id="import-heading" sx={{ mb: 1 }}>
            {translate('bo.catalogueFiles.importTitle')}
          </Typography>
          <Typography sx={{ mb: 1 }} id={`${inputId}-help`}>
            {translate('bo.catalogueFiles.importHelp', {
              names: catalogueKinds.map((kind) => catalogueFileNames[kind]).join(', '),
            })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <label htmlFor={inputId}>{translate('bo.catalogueFiles.choose')}</label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              multiple
              aria-describedby={`${inputId}-help`}
              onChange={(event) => void choose(event)}
              data-testid="catalogue-files"
            />
          </Box>
          {chosenKinds.length > 0 ? (
            <Typography sx={{ mt: 1 }}>
              {translate('bo.catalogueFiles.chosen', {
                names: chosenKinds.map((kind) => catalogueFileNames[kind]).join(', '),
              })}
            </Typography>
          ) : null}
          {ignored.length > 0 ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('bo.catalogueFiles.ignored', { names: ignored.join(', ') })}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => void run(true)} disabled={busy || chosenKinds.length === 0}>
              {translate('bo.catalogueFiles.dryRun')}
            </Button>
            <Button variant="outlined" color="warning" onClick={() => setConfirming(true)} disabled={busy || !canApply}>
              {translate('bo.catalogueFiles.apply')}
            </Button>
          </Box>
          <Box ref={resultRef} tabIndex={-1} sx={{ outline: 'none' }}>
            {error ? (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {translate(error)}
              </Alert>
            ) : null}
            {report ? <Report report={report} /> : null}
          </Box>
        </Box>
        <Confirm
          isOpen={confirming}
          loading={busy}
          title={translate('bo.catalogueFiles.confirmTitle')}
          content={translate('bo.catalogueFiles.confirm')}
          confirm={translate('bo.catalogueFiles.apply')}
          cancel={translate('ra.action.cancel')}
          onConfirm={() => void run(false)}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
}
