import { Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  DateInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  minValue,
  required,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { AdminCourse } from '@shop/shared/contract/admin';
import { FormRow } from '../../components/FormRow.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';
import { TextsInputs } from '../../components/TextsInputs.tsx';
import { keepAsTyped, tagsFormat } from '../../components/texts.ts';
import { courseTypes, weekdays } from './api.ts';

/** Places as the API counts them: taken (booked + held) and free; the maximum may not go below what is taken. */
function Places() {
  const translate = useTranslate();
  const record = useRecordContext<AdminCourse & RaRecord>();
  if (!record?.id) return null;
  return (
    <Typography data-testid="course-places">
      {translate('bo.courses.places', {
        taken: record.takenPlaces,
        free: record.freePlaces,
        bookings: record.activeBookings,
      })}
    </Typography>
  );
}

function Section({ title }: { title: string }) {
  return (
    <Typography variant="h2" sx={{ mt: 2, mb: 1 }}>
      {title}
    </Typography>
  );
}

/**
 * A course's form (create and edit): kind, identifier, texts, dates and times, weekdays, places, prices, module and
 * tags. Derived tags (month, weekday, time of day, duration) are computed by the API from the dates.
 */
export function CourseForm({ create = false }: { create?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<AdminCourse & RaRecord>();
  return (
    <SimpleForm toolbar={<SaveToolbar />} sx={{ maxWidth: 1200 }} noValidate>
      <Section title={translate('bo.courses.sectionGeneral')} />
      <FormRow>
        <SelectInput
          source="type"
          validate={required()}
          disabled={!create}
          choices={courseTypes.map((type) => ({ id: type, name: translate(`bo.courseType.${type}`) }))}
        />
        <TextInput source="identifier" validate={required()} />
      </FormRow>
      <TextsInputs />
      <Section title={translate('bo.courses.sectionDates')} />
      <FormRow>
        <DateInput source="startDate" validate={required()} />
        <TextInput source="startTime" type="time" slotProps={{ inputLabel: { shrink: true } }} />
        <DateInput source="endDate" validate={required()} />
        <TextInput source="endTime" type="time" slotProps={{ inputLabel: { shrink: true } }} />
        <DateInput source="registrationDeadline" validate={required()} />
      </FormRow>
      <CheckboxGroupInput
        source="meetingDays"
        choices={weekdays.map((day) => ({ id: day, name: translate(`bo.weekday.${day}`) }))}
        helperText={translate('bo.courses.meetingDaysHelp')}
      />
      {record?.id && record.activeBookings > 0 ? (
        <Typography role="note" sx={{ color: 'warning.main', mb: 1 }}>
          {translate('bo.courses.moveWarning', { smart_count: record.activeBookings })}
        </Typography>
      ) : null}
      <Section title={translate('bo.courses.sectionPlaces')} />
      <FormRow>
        <NumberInput source="maxParticipants" validate={[required(), minValue(1)]} min={1} step={1} />
        <MoneyInput source="priceCents" validate={required()} />
        <MoneyInput source="discountedPriceCents" />
      </FormRow>
      <Places />
      <FormDataConsumer>
        {({ formData }) => (formData.type === 2 ? <TextInput source="moduleIdentifier" validate={required()} /> : null)}
      </FormDataConsumer>
      <TextInput
        source="tags"
        format={tagsFormat}
        parse={keepAsTyped}
        helperText={translate('bo.courses.tagsHelp')}
        fullWidth
      />
      {record?.derivedTags?.length ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {translate('bo.courses.derivedTags', { tags: record.derivedTags.join(', ') })}
        </Typography>
      ) : null}
    </SimpleForm>
  );
}
