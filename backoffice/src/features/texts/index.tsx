import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Typography } from '@mui/material';
import {
  DataTable,
  Edit,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { languages, type Language } from '@shop/shared/contract';
import type { TextItem } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';
import { registerResource } from '../../api/dataProvider.ts';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';
import { languageNames } from '../../i18n/i18nProvider.ts';

/** A text by its key: the API has no single-text call, so the list is searched for the key and the exact one kept. */
async function textByKey(id: Identifier, signal?: AbortSignal): Promise<RaRecord> {
  const key = String(id);
  const page = await adminCall<{ items: TextItem[] }>('/texts', { query: { q: key, perPage: 200 }, signal });
  const found = page.items.find((item) => item.key === key);
  if (!found) throw Object.assign(new Error('ra.notification.item_doesnt_exist'), { status: 404 });
  return found;
}

type Values = Partial<Record<Language, string | null>>;

/**
 * updateText's body: the languages whose text changed; an emptied text is `null`, which removes the operator's
 * text so the shipped one shows again.
 */
export function textUpdate(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  const now = (data.values ?? {}) as Values;
  const before = (previous?.values ?? {}) as Values;
  const values: Values = {};
  for (const language of languages) {
    const value = now[language];
    if ((value ?? '') === (before[language] ?? '')) continue;
    values[language] = value === null || value === undefined || value.trim() === '' ? null : value;
  }
  return { values };
}

registerResource('texts', {
  path: '/texts',
  sortStyle: 'fieldOrder',
  updateMethod: 'PUT',
  getOne: textByKey,
  updateBody: textUpdate,
});

/**
 * The languages of `source`; an edited one whose shipped text changed since the edit (a deploy shipped another
 * text under it) is flagged, so the operator can check whether the edit still fits.
 */
function Languages({ source }: { source: 'missing' | 'edited'; label?: string }) {
  const record = useRecordContext<TextItem & RaRecord>();
  const translate = useTranslate();
  const list = record?.[source] ?? [];
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {list.map((language) =>
        source === 'edited' && record?.outdated.includes(language) ? (
          <Chip
            key={language}
            size="small"
            color="warning"
            icon={<WarningAmberIcon />}
            label={translate('bo.textsList.outdated', { language: language.toUpperCase() })}
          />
        ) : (
          <Chip key={language} size="small" variant="outlined" label={language.toUpperCase()} />
        ),
      )}
    </Box>
  );
}

const clipped = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Every text of every area in de, en and es: search, the keys missing a language, the edited ones. */
export function TextList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('bo.courses.search')} />,
    <SelectInput
      key="missing"
      source="missing"
      alwaysOn
      choices={[...languages, 'any'].map((id) => ({
        id,
        name: id === 'any' ? translate('bo.textsList.missingAny') : languageNames[id as Language],
      }))}
    />,
    <SelectInput
      key="edited"
      source="edited"
      alwaysOn
      choices={[
        { id: 'true', name: translate('bo.textsList.editedYes') },
        { id: 'false', name: translate('bo.textsList.editedNo') },
      ]}
    />,
    <TextInput key="area" source="area" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'key', order: 'ASC' }} exporter={false} perPage={25}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="key" />
        {languages.map((language) => (
          <DataTable.Col
            key={language}
            source={`values.${language}`}
            disableSort
            render={(record: TextItem) => clipped(record.values[language])}
          />
        ))}
        <DataTable.Col source="missing" disableSort>
          <Languages source="missing" />
        </DataTable.Col>
        <DataTable.Col source="edited" disableSort>
          <Languages source="edited" />
        </DataTable.Col>
        <DataTable.Col disableSort label={translate('bo.list.actions')}>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The shipped text under each language's input, so the operator sees what emptying the input brings back. */
function ShippedNote({ language }: { language: Language }) {
  const translate = useTranslate();
  const record = useRecordContext<TextItem & RaRecord>();
  if (!record) return null;
  const shipped = record.shipped[language];
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1, mb: 2, whiteSpace: 'pre-wrap' }}>
      {shipped === null ? translate('bo.textsList.noShipped') : translate('bo.textsList.shipped', { text: shipped })}
    </Typography>
  );
}

function TextTitle() {
  const record = useRecordContext<TextItem & RaRecord>();
  return <>{record?.key ?? ''}</>;
}

export function TextEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" title={<TextTitle />} redirect={false}>
      <SimpleForm toolbar={<SaveToolbar />} sx={{ maxWidth: 1000 }} noValidate>
        <Typography sx={{ mb: 2 }}>{translate('bo.textsList.help')}</Typography>
        {languages.map((language) => (
          <Box key={language} sx={{ width: '100%' }}>
            <TextInput
              source={`values.${language}`}
              label={languageNames[language]}
              multiline
              minRows={2}
              parse={(value: string) => value}
            />
            <ShippedNote language={language} />
          </Box>
        ))}
      </SimpleForm>
    </Edit>
  );
}
