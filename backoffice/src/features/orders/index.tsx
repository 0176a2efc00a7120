import { Button as MuiButton, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  DateField,
  DateInput,
  FilterButton,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { orderStatuses } from '@shop/shared/contract';
import { formatCents } from '@shop/shared/money';
import { errorTextKey } from '../../auth/errors.ts';
import { downloadYear, saveBlob } from './api.ts';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('bo.orders.search')} />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={orderStatuses.map((status) => ({ id: status, name: translate(`bo.orderStatus.${status}`) }))}
    />,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
    <NumberInput key="courseId" source="courseId" />,
    <TextInput key="paymentMethod" source="paymentMethod" />,
  ];
}

/** The year's orders as the API's streamed CSV (exportOrders), for the bookkeeping. */
function YearExport() {
  const translate = useTranslate();
  const notify = useNotify();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveBlob(await downloadYear(year));
    } catch (failure) {
      notify(translate(errorTextKey(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <MuiTextField
        select
        size="small"
        label={translate('bo.orders.year')}
        value={year}
        onChange={(event) => setYear(Number(event.target.value))}
      >
        {[0, 1, 2, 3].map((back) => (
          <MenuItem key={back} value={thisYear - back}>
            {thisYear - back}
          </MenuItem>
        ))}
      </MuiTextField>
      <MuiButton onClick={download} disabled={busy} size="small">
        {translate('bo.orders.exportYear')}
      </MuiButton>
    </>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <YearExport />
    </TopToolbar>
  );
}

export function OrderStatus() {
  const translate = useTranslate();
  const record = useRecordContext<{ status: string }>();
  return record ? <span>{translate(`bo.orderStatus.${record.status}`, { _: record.status })}</span> : null;
}

/** Orders: search by number, name or address; filters by state, date, course and payment method; newest first. */
export function OrderList() {
  return (
    <List filters={useFilters()} actions={<ListActions />} sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="incrementId" />
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="status" disableSort>
          <OrderStatus />
        </DataTable.Col>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="paymentMethod" disableSort />
        <DataTable.NumberCol source="totalCents" render={(record) => formatCents(record.totalCents)} />
      </DataTable>
    </List>
  );
}
