import { Box } from '@mui/material';
import {
  Create,
  CreateButton,
  DataTable,
  DateField,
  Edit,
  EditButton,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useNotify,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { AdminCourse } from '@shop/shared/contract/admin';
import { formatCents } from '@shop/shared/money';
import { euroExporter } from '../../components/euroExporter.ts';
import { StatusField } from '../../components/StatusField.tsx';
import { cleanTexts, tagList } from '../../components/texts.ts';
import { CourseStateButtons } from './CourseActions.tsx';
import { ParticipantsButton } from '../participants/ParticipantsPage.tsx';
import { CourseForm } from './CourseForm.tsx';
import { courseTypes } from './api.ts';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('bo.courses.search')} />,
    <SelectInput
      key="type"
      source="type"
      alwaysOn
      choices={courseTypes.map((type) => ({ id: type, name: translate(`bo.courseType.${type}`) }))}
    />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      choices={['draft', 'published', 'cancelled'].map((status) => ({
        id: status,
        name: translate(`bo.status.${status}`),
      }))}
    />,
    <TextInput key="month" source="month" type="month" alwaysOn slotProps={{ inputLabel: { shrink: true } }} />,
  ];
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <ExportButton maxResults={5000} />
    </TopToolbar>
  );
}

/** Courses: filters by kind, state and month, sorting by start or identifier, pages, CSV export. */
export function CourseList() {
  const translate = useTranslate();
  return (
    <List
      filters={useFilters()}
      actions={<ListActions />}
      exporter={euroExporter}
      sort={{ field: 'startDate', order: 'ASC' }}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="identifier" />
        <DataTable.Col source="texts.de.title" disableSort />
        <DataTable.Col source="type" disableSort render={(record) => translate(`bo.courseType.${record.type}`)} />
        <DataTable.Col source="status" disableSort>
          <StatusField />
        </DataTable.Col>
        <DataTable.Col source="startDate">
          <DateField source="startDate" />
        </DataTable.Col>
        <DataTable.Col source="startTime" disableSort />
        <DataTable.Col source="endDate" disableSort>
          <DateField source="endDate" />
        </DataTable.Col>
        <DataTable.NumberCol source="maxParticipants" disableSort />
        <DataTable.NumberCol source="freePlaces" disableSort />
        <DataTable.Col
          source="priceCents"
          disableSort
          render={(record: AdminCourse) => formatCents(record.priceCents)}
        />
        <DataTable.Col disableSort label={translate('bo.list.actions')}>
          <EditButton />
          <ParticipantsButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The form's values as the contract wants them: texts cleaned, tags a list, empty times null. */
export function courseBody(data: Record<string, unknown>) {
  return {
    ...data,
    texts: cleanTexts(data.texts as never),
    tags: tagList(data.tags),
    startTime: data.startTime || null,
    endTime: data.endTime || null,
    discountedPriceCents: data.discountedPriceCents ?? null,
    moduleIdentifier: data.type === 2 ? (data.moduleIdentifier ?? null) : null,
  };
}

function EditActions() {
  return (
    <TopToolbar>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <CourseStateButtons />
        <ParticipantsButton />
      </Box>
    </TopToolbar>
  );
}

export function CourseEdit() {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      actions={<EditActions />}
      mutationMode="pessimistic"
      transform={courseBody}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          const change = (data as AdminCourse & { lastChange?: { moved?: boolean; mailsQueued?: number } }).lastChange;
          notify(
            change?.moved
              ? translate('bo.courses.moved', { smart_count: change.mailsQueued ?? 0 })
              : translate('ra.notification.updated', { smart_count: 1 }),
            { type: 'success' },
          );
        },
      }}
    >
      <CourseForm />
    </Edit>
  );
}

export function CourseCreate() {
  const redirect = useRedirect();
  return (
    <Create
      transform={courseBody}
      record={{ type: 1, maxParticipants: 8, meetingDays: [], tags: [], texts: { de: { title: '' } } }}
      mutationOptions={{ onSuccess: (data: RaRecord) => redirect('edit', 'courses', data.id) }}
    >
      <CourseForm create />
    </Create>
  );
}
