import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  EditButton,
  ExportButton,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { createProductBodySchema, updateProductBodySchema } from '@shop/shared/contract/admin';
import { registerResource } from '../../api/dataProvider.ts';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';
import { StatusField } from '../../components/StatusField.tsx';
import { TextsInputs } from '../../components/TextsInputs.tsx';
import { cleanTexts, keepAsTyped, tagList, tagsFormat } from '../../components/texts.ts';

registerResource('products', {
  path: '/products',
  writable: Object.keys(createProductBodySchema.shape),
  updatable: Object.keys(updateProductBodySchema.shape),
});

const money = { style: 'currency', currency: 'EUR' } as const;
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
        <DataTable.Col source="price" disableSort>
          <NumberField source="price" options={money} />
        </DataTable.Col>
        <DataTable.Col source="discountedPrice" disableSort>
          <NumberField source="discountedPrice" options={money} />
        </DataTable.Col>
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
  discountedPrice: data.discountedPrice ?? null,
});

function ProductForm({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  const statusChoices = useStatusChoices();
  return (
    <SimpleForm toolbar={<SaveToolbar />} sx={{ maxWidth: 1200 }} noValidate>
      <TextInput source="identifier" validate={required()} />
      {edit ? <SelectInput source="status" choices={statusChoices} validate={required()} /> : null}
      <TextsInputs />
      <NumberInput source="price" validate={[required(), minValue(0)]} min={0} step={0.01} />
      <NumberInput source="discountedPrice" validate={minValue(0)} min={0} step={0.01} />
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
