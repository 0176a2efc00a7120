import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { RetentionPeriod } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';
import { SimpleTable } from '../../components/SimpleTable.tsx';
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
          <SimpleTable
            heads={[
              t('bo.retention.kind'),
              t('bo.retention.period'),
              t('bo.retention.basis'),
              t('bo.retention.enforcedBy'),
            ]}
            rows={periods.map((p) => [
              t(`bo.retention.kinds.${p.kind}`, { _: p.kind }),
              period(p),
              p.basis,
              <code key="enforcedBy">{p.enforcedBy}</code>,
            ])}
            rowAttributes={(index) => ({ 'data-kind': periods[index]!.kind })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
