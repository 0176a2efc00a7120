import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField as MuiTextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import {
  DataTable,
  List,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { AdminPackagePrice } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { AdminError, adminCall, fieldErrorKey } from '../../api/http.ts';
import { registerResource } from '../../api/dataProvider.ts';
import { errorTextKey } from '../../auth/errors.ts';
import { moneyErrorKey, moneyText, moneyValue } from '../../components/MoneyInput.tsx';
import { StatusField } from '../../components/StatusField.tsx';

/** A package price is addressed by its type and amount (`conversation_hours-10`), as the API names it. */
const packageId = (type: string, amount: number) => `${type}-${amount}`;

registerResource('package-prices', { path: '/package-prices', sortStyle: 'none' });

const packageTypes = ['conversation_hours', 'flexible_learning'] as const;

type Draft = { type: string; amount: string; price: string; status: string };

/** updatePackagePrice: sets a package's price and state, creating it when it is new. */
function PriceDialog({ initial, onClose, isNew }: { initial: Draft; onClose: () => void; isNew: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: event.target.value });

  async function save(event: FormEvent) {
    event.preventDefault();
    const amount = Number(draft.amount);
    const priceCents = moneyValue(draft.price);
    const found: Record<string, string> = {};
    if (!Number.isInteger(amount) || amount < 1) found.amount = translate('ra.validation.minValue', { min: 1 });
    if (typeof priceCents !== 'number')
      found.price = translate(priceCents === null ? 'bo.fieldError.required' : moneyErrorKey(draft.price));
    setErrors(found);
    if (typeof priceCents !== 'number' || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await adminCall(`/package-prices/${packageId(draft.type, amount)}`, {
        method: 'PUT',
        body: { priceCents, status: draft.status },
      });
      notify(translate('ra.notification.updated', { smart_count: 1 }), { type: 'success' });
      refresh();
      onClose();
    } catch (failure) {
      const fieldError = failure instanceof AdminError ? failure.fields.priceCents : undefined;
      if (fieldError) setErrors({ price: translate(fieldErrorKey(fieldError)) });
      notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="package-price-title">
      <form onSubmit={save} noValidate>
        <DialogTitle id="package-price-title">
          {translate(isNew ? 'bo.packagePrices.addTitle' : 'bo.packagePrices.editTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: { sm: 400 } }}>
          <MuiTextField
            select
            label={translate('resources.package-prices.fields.type')}
            value={draft.type}
            onChange={set('type')}
            disabled={!isNew}
          >
            {packageTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {translate(`bo.packageType.${type}`)}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            label={translate('resources.package-prices.fields.amount')}
            type="number"
            value={draft.amount}
            onChange={set('amount')}
            disabled={!isNew}
            error={!!errors.amount}
            helperText={errors.amount ?? ' '}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <MuiTextField
            label={translate('resources.package-prices.fields.priceCents')}
            type="number"
            value={draft.price}
            onChange={set('price')}
            error={!!errors.price}
            helperText={errors.price ?? ' '}
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          />
          <MuiTextField
            select
            label={translate('resources.package-prices.fields.status')}
            value={draft.status}
            onChange={set('status')}
          >
            {['draft', 'published'].map((status) => (
              <MenuItem key={status} value={status}>
                {translate(`bo.status.${status}`)}
              </MenuItem>
            ))}
          </MuiTextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function EditPriceButton() {
  const translate = useTranslate();
  const record = useRecordContext<AdminPackagePrice & RaRecord>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={translate('bo.packagePrices.editLabel', {
          name: translate(`bo.packageType.${record.type}`),
          amount: record.amount,
        })}
      >
        {translate('ra.action.edit')}
      </Button>
      {open ? (
        <PriceDialog
          isNew={false}
          initial={{
            type: record.type,
            amount: String(record.amount),
            price: moneyText(record.priceCents),
            status: record.status,
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function AddPriceButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {translate('bo.packagePrices.add')}
      </Button>
      {open ? (
        <PriceDialog
          isNew
          initial={{ type: 'conversation_hours', amount: '', price: '', status: 'draft' }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </TopToolbar>
  );
}

/** Package prices (conversation hours, flexible-learning modules): amount 1 is the unit price. */
export function PackagePriceList() {
  const translate = useTranslate();
  return (
    <List actions={<AddPriceButton />} exporter={false} perPage={50}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="type" disableSort render={(record) => translate(`bo.packageType.${record.type}`)} />
        <DataTable.NumberCol source="amount" disableSort />
        <DataTable.Col
          source="priceCents"
          disableSort
          render={(record: AdminPackagePrice) => formatCents(record.priceCents)}
        />
        <DataTable.Col source="status" disableSort>
          <StatusField />
        </DataTable.Col>
        <DataTable.Col disableSort label={translate('bo.list.actions')}>
          <EditPriceButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
