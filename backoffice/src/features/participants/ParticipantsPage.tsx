import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import { Alert, Box, Button, Card, CardContent, GlobalStyles, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button as RaButton, Title, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { CourseParticipants } from '@shop/shared/contract/admin';
import { errorTextKey } from '../../auth/errors.ts';
import { saveBlob } from '../orders/api.ts';
import { downloadParticipants, loadParticipants } from './api.ts';
import { TableSection } from '../../components/SimpleTable.tsx';

/** On paper only the lists: no menu, app bar or buttons, and tables that fit the page. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.RaSidebar-root, .RaAppBar-root, .MuiAppBar-root, .no-print': { display: 'none !important' },
        '.RaLayout-content': { padding: '0 !important' },
        body: { background: 'white' },
        table: { pageBreakInside: 'auto' },
        tr: { pageBreakInside: 'avoid' },
      },
    }}
  />
);

const when = (instant: string | null) => (instant ? new Date(instant).toLocaleString('de-DE') : '—');

/** A course's people: booked, holding an unpaid place, waiting; as CSV and printable (print CSS). */
export function ParticipantsPage() {
  const t = useTranslate();
  const notify = useNotify();
  const courseId = Number(useParams().id);
  const [list, setList] = useState<CourseParticipants | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadParticipants(courseId, controller.signal).then(setList, (failure) => {
      if (!controller.signal.aborted) setFailed(errorTextKey(failure));
    });
    return () => controller.abort();
  }, [courseId]);
  const f = (name: string) => t(`bo.participants.fields.${name}`);
  async function download() {
    try {
      saveBlob(await downloadParticipants(courseId));
    } catch (failure) {
      notify(t(errorTextKey(failure)), { type: 'error' });
    }
  }
  const title = list
    ? `${t('bo.participants.title')}: ${list.course.title} (${list.course.identifier})`
    : t('bo.participants.title');
  return (
    <Card sx={{ mt: 2 }}>
      {printStyles}
      <Title title={title} />
      <CardContent>
        {failed ? <Alert severity="error">{t(failed)}</Alert> : null}
        {list ? (
          <>
            <Typography sx={{ mb: 2 }}>
              {t('bo.participants.summary', {
                start: list.course.startDate,
                end: list.course.endDate,
                max: list.course.maxParticipants,
                free: list.course.freePlaces,
              })}
            </Typography>
            <Box className="no-print" sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
              <Button startIcon={<DownloadIcon />} variant="outlined" onClick={download}>
                {t('bo.participants.csv')}
              </Button>
              <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.print()}>
                {t('bo.participants.print')}
              </Button>
              <Button component={Link} to={`/orders?filter=${encodeURIComponent(JSON.stringify({ courseId }))}`}>
                {t('bo.participants.orders')}
              </Button>
            </Box>
            <TableSection
              title={`${t('bo.participants.booked')} (${list.booked.length})`}
              heads={[f('order'), f('status'), f('lastname'), f('firstname'), f('email'), f('phone'), f('birthYear')]}
              rows={list.booked.map((p) => [
                <Link key="order" to={`/orders/${p.orderId}/show`}>
                  {p.incrementId}
                </Link>,
                t(`bo.orderStatus.${p.orderStatus}`, { _: p.orderStatus }),
                p.lastname,
                p.firstname,
                p.email,
                p.phone ?? '',
                p.birthYear ?? '',
              ])}
            />
            <TableSection
              title={`${t('bo.participants.holds')} (${list.holds.length})`}
              heads={[f('order'), f('lastname'), f('firstname'), f('email'), f('until')]}
              rows={list.holds.map((p) => [
                <Link key="order" to={`/orders/${p.orderId}/show`}>
                  {p.incrementId}
                </Link>,
                p.lastname,
                p.firstname,
                p.email,
                when(p.holdExpiresAt),
              ])}
            />
            <TableSection
              title={`${t('bo.participants.waitlist')} (${list.waitlist.length})`}
              heads={[f('position'), f('email'), f('status'), f('since'), f('until')]}
              rows={list.waitlist.map((w) => [
                w.position,
                w.email,
                t(`bo.participants.waitStatus.${w.status}`, { _: w.status }),
                when(w.createdAt),
                when(w.offerExpiresAt),
              ])}
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The course list's and edit page's way to its people. */
export function ParticipantsButton() {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <RaButton
      component={Link}
      to={`/courses/${record.id}/participants`}
      label={translate('bo.participants.open')}
      onClick={(event) => event.stopPropagation()}
    >
      <PeopleIcon />
    </RaButton>
  );
}
