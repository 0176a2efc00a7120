import { Box, Button, Card, CardContent, Link as MuiLink } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { Show, TopToolbar, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AdminOrder, AdminParticipant } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { errorTextKey } from '../../auth/errors.ts';
import { resendConfirmation } from './api.ts';
import { ParticipantDialog } from './ParticipantDialog.tsx';
import { TableSection as Section } from '../../components/SimpleTable.tsx';

type Order = AdminOrder & { id: number };

const when = (instant: string | null) => (instant ? new Date(instant).toLocaleString('de-DE') : '—');
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

function ResendButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const order = useRecordContext<Order>();
  const [busy, setBusy] = useState(false);
  if (!order || !['paid', 'completed'].includes(order.status)) return null;
  async function resend() {
    setBusy(true);
    try {
      await resendConfirmation(order!.id);
      notify(translate('bo.orders.resent'), { type: 'success' });
      refresh();
    } catch (failure) {
      notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button onClick={resend} disabled={busy}>
      {translate('bo.orders.resend')}
    </Button>
  );
}

/** The order's facts and positions as the server gives them; exported for its test. */
export function OrderDetail() {
  const t = useTranslate();
  const order = useRecordContext<Order>();
  const [editing, setEditing] = useState<AdminParticipant | null>(null);
  // react-admin first shows the list's row (a summary) while the whole order loads.
  if (!order || !Array.isArray(order.payments)) return null;
  const f = (name: string) => t(`resources.orders.fields.${name}`);
  const address = order.billingAddress;
  const facts: [string, ReactNode][] = [
    [f('incrementId'), order.incrementId],
    [f('createdAt'), when(order.createdAt)],
    [f('status'), t(`bo.orderStatus.${order.status}`, { _: order.status })],
    [f('email'), order.email],
    [
      f('billingAddress'),
      address
        ? `${address.firstname} ${address.lastname}, ${address.addressLine1} ${address.addressLine2}, ${address.zip} ${address.city}, ${address.country}`
        : '—',
    ],
    [f('totalCents'), formatCents(order.totalCents)],
    [f('paymentMethod'), order.paymentMethod ?? '—'],
    [f('holdExpiresAt'), when(order.holdExpiresAt)],
    [f('comment'), order.comment ?? '—'],
    [f('codes'), order.codes.join(', ') || '—'],
  ];
  return (
    <CardContent>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, mb: 3 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {order.courses.map((course) => (
        <Section
          key={course.id}
          title={`${course.title} (${course.identifier}), ${course.startDate} · ${formatCents(course.totalCents)}${course.withdrawalId ? ` · ${t('bo.orders.withdrawn')}` : ''}${course.cancelledAt ? ` · ${t('bo.orders.cancelled')}` : ''}`}
          heads={[
            f('participant.firstname'),
            f('participant.lastname'),
            f('participant.email'),
            f('participant.phone'),
            f('participant.birthYear'),
            t('bo.list.actions'),
          ]}
          rows={course.participants.map((p) => [
            p.firstname,
            p.lastname,
            p.email,
            p.phone ?? '',
            p.birthYear ?? '',
            <Box key="actions" sx={{ display: 'flex', gap: 1 }}>
              <Button size="small" onClick={() => setEditing(p)}>
                {t('bo.orders.correct')}
              </Button>
              <MuiLink component={Link} to={`/courses/${course.courseId}/participants`}>
                {t('bo.participants.open')}
              </MuiLink>
            </Box>,
          ])}
        />
      ))}
      <Section
        title={t('bo.orders.otherPositions')}
        heads={[f('position'), f('quantity'), f('totalCents'), f('withdrawalId')]}
        rows={[
          ...order.products.map((p) => [p.title, p.quantity, formatCents(p.totalCents), p.withdrawalId ?? '']),
          ...order.packages.map((p) => [
            t(`bo.courseType.${p.courseType}`) + ` × ${p.amount}`,
            p.quantity,
            formatCents(p.totalCents),
            p.withdrawalId ?? '',
          ]),
        ]}
      />
      <Section
        title={t('bo.orders.payments')}
        heads={[
          f('provider'),
          f('paymentMethod'),
          f('transactionId'),
          f('status'),
          f('amount'),
          f('capture'),
          f('updatedAt'),
        ]}
        rows={order.payments.map((p) => [
          p.provider,
          p.method ?? '—',
          <code key="id">{p.transactionId ?? '—'}</code>,
          `${p.status}${p.refundRequired ? ` · ${t('bo.orders.refundRequired')}` : ''}`,
          formatCents(p.amountCents),
          [p.captureStatus, p.captureId, p.captureError].filter(Boolean).join(' · ') || '—',
          when(p.updatedAt),
        ])}
      />
      <Section
        title={t('bo.orders.refunds')}
        heads={[f('createdAt'), f('amount'), f('status'), f('transactionId')]}
        rows={order.refunds.map((r) => [
          when(r.createdAt),
          formatCents(r.amountCents),
          r.status,
          r.providerRefundId ?? '—',
        ])}
      />
      <Section
        title={t('bo.orders.withdrawals')}
        heads={[f('createdAt'), f('name'), f('email')]}
        rows={order.withdrawals.map((w) => [when(w.receivedAt), w.name, w.email])}
      />
      <Section
        title={t('bo.orders.credits')}
        heads={[f('position'), f('quantity'), f('validUntil')]}
        rows={[
          ...order.creditsUsed.map((c) => [t('bo.orders.creditUsed', { id: c.balanceId }), c.amount, '']),
          ...order.creditsBought.map((c) => [t(`bo.courseType.${c.courseType}`), c.balance, when(c.validUntil)]),
        ]}
      />
      <Section
        title={t('bo.orders.mails')}
        heads={[f('createdAt'), f('to_'), f('subject'), f('status'), f('sentAt')]}
        rows={order.mails.map((m) => [
          when(m.createdAt),
          m.to,
          m.subject,
          `${t(`bo.mailStatus.${m.status}`)}${m.lastError ? ` · ${m.lastError}` : ''}`,
          when(m.sentAt),
        ])}
      />
      <Section
        title={t('bo.orders.audit')}
        heads={[f('createdAt'), f('actor'), f('action'), f('before'), f('after')]}
        rows={order.audit.map((a) => [when(a.at), a.actor, a.action, json(a.before), json(a.after)])}
      />
      {editing ? <ParticipantDialog orderId={order.id} participant={editing} onClose={() => setEditing(null)} /> : null}
    </CardContent>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <ResendButton />
    </TopToolbar>
  );
}

/** One order whole, read-only but for the participant corrections and the resent confirmation. */
export function OrderShow() {
  return (
    <Show actions={<ShowActions />}>
      <Card variant="outlined" sx={{ border: 0 }}>
        <OrderDetail />
      </Card>
    </Show>
  );
}
