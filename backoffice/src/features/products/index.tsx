import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  EditButton,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useTranslate,
} from 'react-admin';
import { createProductBodySchema, updateProductBodySchema, type AdminProduct } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { registerResource } from '../../api/dataProvider.ts';
import { euroExporter } from '../../components/euroExporter.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';
import { StatusField } from '../../components/StatusField.tsx';
import { TextsInputs } from '../../components/TextsInputs.tsx';
import { cleanTexts, keepAsTyped, tagList, tagsFormat } from '../../components/texts.ts';

registerResource('products', {
  path: '/products',
  writable: Object.keys(createProductBodySchema.shape),
  updatable: Object.keys(updateProductBodySchema.shape),
});

const statuses = ['draft', 'published'] as const;

function useStatusChoices() {
  const translate = useTranslate();
  return statuses.map((status) => ({ id: status, name: translate(`bo.status.${status}`) }));
}

export function ProductList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('bo.courses.search')} />,
    <SelectInput key="status" source="status" alwaysOn choices={useStatusChoices()} />,
  ];
  return (
    <List
      filters={filters}
      exporter={euroExporter}
      actions={
        <TopToolbar>
          <CreateButton />
          <ExportButton maxResults={5000} />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="identifier" disableSort />
        <DataTable.Col source="texts.de.title" disableSort />
        <DataTable.Col source="status" disableSort>
          <StatusField />
        </DataTable.Col>
        <DataTable.Col
          source="priceCents"
          disableSort
          render={(record: AdminProduct) => formatCents(record.priceCents)}
        />
        <DataTable.Col
          source="discountedPriceCents"
          disableSort
          render={(record: AdminProduct) =>
            record.discountedPriceCents === null ? '—' : formatCents(record.discountedPriceCents)
          }
        />
        <DataTable.Col disableSort label={translate('bo.list.actions')}>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

const productBody = (data: Record<string, unknown>) => ({
  ...data,
  texts: cleanTexts(data.texts as never),
  tags: tagList(data.tags),
  discountedPriceCents: data.discountedPriceCents ?? null,
});

function ProductForm({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  const statusChoices = useStatusChoices();
  return (
    <SimpleForm toolbar={<SaveToolbar />} sx={{ maxWidth: 1200 }} noValidate>
      <TextInput source="identifier" validate={required()} />
      {edit ? <SelectInput source="status" choices={statusChoices} validate={required()} /> : null}
      <TextsInputs />
      <MoneyInput source="priceCents" validate={required()} />
      <MoneyInput source="discountedPriceCents" />
      <TextInput
        source="tags"
        format={tagsFormat}
        parse={keepAsTyped}
        helperText={translate('bo.courses.tagsHelp')}
        fullWidth
      />
    </SimpleForm>
  );
}

export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={productBody}>
      <ProductForm edit />
    </Edit>
  );
}

export function ProductCreate() {
  return (
    <Create transform={productBody} redirect="edit" record={{ tags: [], texts: { de: { title: '' } } }}>
      <ProductForm />
    </Create>
  );
}
