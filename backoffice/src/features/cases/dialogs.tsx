import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { OrderCase, Refundable } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { AdminError, fieldErrorKey } from '../../api/http.ts';
import { errorTextKey } from '../../auth/errors.ts';
import { moneyErrorKey, moneyText, moneyValue } from '../../components/MoneyInput.tsx';
import { loadRefundable, refundOrder, resolveCase } from './api.ts';

/** The form's field errors from a refused call, as texts of the back office. */
function fieldsOf(failure: unknown): Record<string, string> {
  return failure instanceof AdminError
    ? Object.fromEntries(Object.entries(failure.fields).map(([name, text]) => [name, fieldErrorKey(text)]))
    : {};
}

/** resolveCase: the note is required (the API says so too); closing is audited. */
export function ResolveDialog({ item, onClose }: { item: OrderCase; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (note.trim() === '') return setErrors({ note: 'bo.fieldError.required' });
    setBusy(true);
    try {
      await resolveCase(item.id, note);
      notify(translate('bo.cases.resolved'), { type: 'success' });
      refresh();
      onClose();
    } catch (failure) {
      setErrors(fieldsOf(failure));
      notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="resolve-case-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="resolve-case-title">{translate('bo.cases.resolveTitle', { id: item.id })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: { sm: 440 } }}>
          <DialogContentText>{item.note}</DialogContentText>
          <TextField
            label={translate('bo.cases.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={3}
            required
            autoFocus
            error={!!errors.note}
            helperText={errors.note ? translate(errors.note) : translate('bo.cases.noteHelp')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('bo.cases.resolve')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** refundOrder: shows what is still refundable and refunds all of it or the amount typed. */
export function RefundDialog({ item, onClose }: { item: OrderCase; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [held, setHeld] = useState<Refundable | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState(translate(`bo.cases.kind.${item.kind}`));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const orderId = item.orderId!;

  useEffect(() => {
    loadRefundable(orderId).then(
      (found) => {
        setHeld(found);
        setAmount(moneyText(found.refundableCents));
      },
      (failure) => notify(translate(errorTextKey(failure)), { type: 'error' }),
    );
  }, [orderId, notify, translate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amountCents = moneyValue(amount);
    if (typeof amountCents !== 'number')
      return setErrors({ amountCents: moneyErrorKey(amount) || 'bo.fieldError.required' });
    if (amountCents <= 0) return setErrors({ amountCents: 'bo.fieldError.positive' });
    setBusy(true);
    try {
      const refund = await refundOrder(orderId, {
        amountCents,
        reason,
        ...(item.status === 'open' ? { caseId: item.id } : {}),
      });
      notify(translate('bo.cases.refunded', { amount: formatCents(refund.amountCents) }), { type: 'success' });
      refresh();
      onClose();
    } catch (failure) {
      setErrors(fieldsOf(failure));
      notify(failure instanceof AdminError ? failure.message : translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="refund-title">
          {translate('bo.cases.refundTitle', { order: item.incrementId ?? '' })}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: { sm: 440 } }}>
          {held === null ? (
            <CircularProgress aria-label={translate('ra.page.loading')} />
          ) : (
            <Alert severity="info" data-testid="refundable">
              {translate('bo.cases.refundable', {
                paid: formatCents(held.paidCents),
                refunded: formatCents(held.refundedCents),
                chargedBack: formatCents(held.chargedBackCents),
                refundable: formatCents(held.refundableCents),
              })}
            </Alert>
          )}
          <TextField
            label={translate('bo.cases.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
            inputMode="decimal"
            error={!!errors.amountCents}
            helperText={errors.amountCents ? translate(errors.amountCents) : translate('bo.cases.amountHelp')}
          />
          <TextField
            label={translate('bo.cases.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            error={!!errors.reason}
            helperText={errors.reason ? translate(errors.reason) : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || held === null || held.refundableCents <= 0}>
            {translate('bo.cases.refund')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
