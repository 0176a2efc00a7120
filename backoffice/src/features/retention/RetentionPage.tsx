import { Alert, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { RetentionPeriod } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';
import { errorTextKey } from '../../auth/errors.ts';

/**
 * How long the shop keeps each kind of personal data (listRetentionPeriods): read-only, from the rules the
 * retention jobs enforce, so this page cannot say something other than what happens.
 */
export function RetentionPage() {
  const t = useTranslate();
  const [periods, setPeriods] = useState<RetentionPeriod[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    adminCall<RetentionPeriod[]>('/privacy/retention', { signal: controller.signal }).then(setPeriods, (failure) => {
      if (!controller.signal.aborted) setFailed(errorTextKey(failure));
    });
    return () => controller.abort();
  }, []);
  const period = (p: RetentionPeriod) =>
    p.amount === null
      ? t(`bo.retention.until.${p.kind}`, { _: t('bo.retention.unit.untilEvent') })
      : t(`bo.retention.unit.${p.unit}`, { smart_count: p.amount });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('bo.retention.title')} />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{t('bo.retention.intro')}</Typography>
        {failed ? <Alert severity="error">{t(failed)}</Alert> : null}
        {periods ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('bo.retention.kind')}</TableCell>
                <TableCell>{t('bo.retention.period')}</TableCell>
                <TableCell>{t('bo.retention.basis')}</TableCell>
                <TableCell>{t('bo.retention.enforcedBy')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {periods.map((p) => (
                <TableRow key={p.kind} data-kind={p.kind}>
                  <TableCell>{t(`bo.retention.kinds.${p.kind}`, { _: p.kind })}</TableCell>
                  <TableCell>{period(p)}</TableCell>
                  <TableCell>{p.basis}</TableCell>
                  <TableCell>
                    <code>{p.enforcedBy}</code>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
