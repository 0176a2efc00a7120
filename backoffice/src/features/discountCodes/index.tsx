import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  CreateButton,
  DataTable,
  DateField,
  DateInput,
  Edit,
  EditButton,
  ExportButton,
  FormDataConsumer,
  List,
  NumberInput,
  RadioButtonGroupInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { discountItemTypes, updateDiscountCodeRequestSchema, type DiscountCodeItem } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { registerResource } from '../../api/dataProvider.ts';
import { euroExporter } from '../../components/euroExporter.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';

const rules = Object.keys(updateDiscountCodeRequestSchema.shape);

registerResource('discount-codes', {
  path: '/discount-codes',
  sortStyle: 'fieldOrder',
  writable: ['code', ...rules],
  updatable: rules,
});

/** An instant of the API as the day of the form (local calendar), and back: from the day's start, until the next day's. */
export const dayOf = (instant: unknown) => {
  if (typeof instant !== 'string' || instant === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(instant)) return instant;
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
export function startOfDay(day: unknown): string | null {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return new Date(`${day}T00:00:00`).toISOString();
}
export function endOfDay(day: unknown): string | null {
  const start = startOfDay(day);
  if (!start) return null;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}
/** The last day a code is valid on, from its exclusive end (`validUntil` is the next day's start). */
export function lastDayOf(validUntil: unknown): string {
  if (typeof validUntil !== 'string' || validUntil === '') return '';
  const date = new Date(validUntil);
  if (Number.isNaN(date.getTime())) return '';
  date.setMilliseconds(date.getMilliseconds() - 1);
  return dayOf(date.toISOString());
}

/** The form's values as the contract wants them: the other kind's amount null, days as instants, no empty lists. */
export function codeBody(data: Record<string, unknown>) {
  const types = Array.isArray(data.itemTypes) && data.itemTypes.length > 0 ? data.itemTypes : null;
  return {
    ...data,
    code: typeof data.code === 'string' ? data.code.trim().toUpperCase() : data.code,
    percentOff: data.kind === 'percent' ? (data.percentOff ?? null) : null,
    amountOffCents: data.kind === 'fixed' ? (data.amountOffCents ?? null) : null,
    minOrderCents: data.minOrderCents ?? null,
    usageLimit: data.usageLimit ?? null,
    usageLimitPerCustomer: data.usageLimitPerCustomer ?? null,
    validFrom: startOfDay('validFromDay' in data ? data.validFromDay : dayOf(data.validFrom)),
    validUntil: endOfDay('validUntilDay' in data ? data.validUntilDay : lastDayOf(data.validUntil)),
    itemTypes: types,
    active: data.active ?? true,
  };
}

function Amount({ record }: { record: DiscountCodeItem }) {
  return record.kind === 'percent' ? `${record.percentOff ?? 0} %` : formatCents(record.amountOffCents ?? 0);
}

export function DiscountCodeList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('bo.courses.search')} />,
    <SelectInput
      key="active"
      source="active"
      alwaysOn
      choices={[
        { id: 'true', name: translate('bo.codes.activeYes') },
        { id: 'false', name: translate('bo.codes.activeNo') },
      ]}
    />,
  ];
  return (
    <List
      filters={filters}
      exporter={euroExporter}
      sort={{ field: 'code', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
          <ExportButton maxResults={5000} />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="code" />
        <DataTable.Col
          source="percentOff"
          disableSort
          render={(record: DiscountCodeItem) => <Amount record={record} />}
        />
        <DataTable.Col
          source="minOrderCents"
          disableSort
          render={(record: DiscountCodeItem) =>
            record.minOrderCents === null ? '—' : formatCents(record.minOrderCents)
          }
        />
        <DataTable.Col source="validFrom" disableSort>
          <DateField source="validFrom" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="validUntil">
          <DateField source="validUntil" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col
          source="usageLimit"
          disableSort
          render={(record: DiscountCodeItem) => record.usageLimit ?? '∞'}
        />
        <DataTable.Col
          source="usageLimitPerCustomer"
          disableSort
          render={(record: DiscountCodeItem) => record.usageLimitPerCustomer ?? '∞'}
        />
        <DataTable.NumberCol source="uses" />
        <DataTable.Col source="active" disableSort>
          <BooleanField source="active" />
        </DataTable.Col>
        <DataTable.Col disableSort label={translate('bo.list.actions')}>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Every rule the pricing knows: percent or fixed, minimum order, validity, usage limits, item types, active. */
function CodeForm({ create = false }: { create?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm toolbar={<SaveToolbar />} sx={{ maxWidth: 1000 }} noValidate>
      <TextInput
        source="code"
        validate={required()}
        readOnly={!create}
        helperText={create ? translate('bo.codes.codeHelp') : false}
      />
      <RadioButtonGroupInput
        source="kind"
        validate={required()}
        choices={[
          { id: 'percent', name: translate('bo.codes.percent') },
          { id: 'fixed', name: translate('bo.codes.fixed') },
        ]}
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData.kind === 'fixed' ? (
            <MoneyInput source="amountOffCents" validate={required()} />
          ) : (
            <NumberInput source="percentOff" validate={[required(), minValue(1)]} min={1} max={100} step={1} />
          )
        }
      </FormDataConsumer>
      <MoneyInput source="minOrderCents" helperText={translate('bo.codes.optional')} />
      <FormRow>
        <DateInput source="validFromDay" format={dayOf} helperText={translate('bo.codes.optional')} />
        <DateInput source="validUntilDay" format={dayOf} helperText={translate('bo.codes.lastDayHelp')} />
      </FormRow>
      <FormRow>
        <NumberInput source="usageLimit" min={1} step={1} helperText={translate('bo.codes.unlimited')} />
        <NumberInput
          source="usageLimitPerCustomer"
          min={1}
          step={1}
          helperText={translate('bo.codes.perCustomerHelp')}
        />
      </FormRow>
      <CheckboxGroupInput
        source="itemTypes"
        choices={discountItemTypes.map((type) => ({ id: type, name: translate(`bo.codes.itemType.${type}`) }))}
        helperText={translate('bo.codes.itemTypesHelp')}
      />
      <BooleanInput source="active" helperText={translate('bo.codes.activeHelp')} />
    </SimpleForm>
  );
}

/** The form's record: the validity as days of the form (validFromDay, validUntilDay: the last valid day). */
const asForm = (record: DiscountCodeItem) => ({
  ...record,
  validFromDay: dayOf(record.validFrom),
  validUntilDay: lastDayOf(record.validUntil),
});

export function DiscountCodeEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={codeBody} queryOptions={{ select: asForm as never }}>
      <CodeForm />
    </Edit>
  );
}

export function DiscountCodeCreate() {
  return (
    <Create transform={codeBody} redirect="list" record={{ kind: 'percent', active: true, itemTypes: [] }}>
      <CodeForm create />
    </Create>
  );
}
