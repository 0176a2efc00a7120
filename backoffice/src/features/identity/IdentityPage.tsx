import { Alert } from '@mui/material';
import { SimpleForm, TextInput, email as emailFormat, required, useTranslate, type RaRecord } from 'react-admin';
import { updateSchoolIdentityRequestSchema, type SchoolIdentity } from '@shop/shared/contract/admin';
import { FormRow } from '../../components/FormRow.tsx';
import { LoadThenEditPage } from '../../components/LoadThenEditPage.tsx';
import { SaveToolbar } from '../../components/SaveToolbar.tsx';
import { loadIdentity, saveIdentity } from './api.ts';

const fields = Object.keys(
  updateSchoolIdentityRequestSchema.shape,
) as (keyof typeof updateSchoolIdentityRequestSchema.shape)[];
const urls = ['imprintUrl', 'privacyUrl', 'termsUrl', 'withdrawalUrl', 'contactUrl'] as const;

/** The form's values as the contract takes them: every field, an emptied one as ''. */
export function identityBody(values: Record<string, unknown>) {
  return Object.fromEntries(
    fields.map((name) => [name, typeof values[name] === 'string' ? values[name] : '']),
  ) as Record<(typeof fields)[number], string>;
}

/**
 * The school's identity (owner): name, postal address, contacts, VAT number or exemption note, logo and the legal
 * pages' URLs. Every mail, the shop's footer and header use it at runtime; the first save is the first-run setup.
 */
export function IdentityPage() {
  const translate = useTranslate();
  return (
    <LoadThenEditPage<SchoolIdentity | null>
      title="bo.identity.title"
      help="bo.identity.help"
      saved="bo.identity.saved"
      load={loadIdentity}
      save={(values) => saveIdentity(identityBody(values))}
    >
      {(identity, submit) => (
        <>
          {identity === null ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="identity-first-run">
              {translate('bo.identity.firstRun')}
            </Alert>
          ) : identity.demo ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('bo.identity.demo')}
            </Alert>
          ) : null}
          <SimpleForm
            record={(identity ?? {}) as RaRecord}
            onSubmit={submit}
            toolbar={<SaveToolbar />}
            sx={{ p: 0, maxWidth: 1000 }}
            resource="identity"
            noValidate
          >
            <TextInput source="name" validate={required()} />
            <TextInput source="postalAddress" validate={required()} multiline minRows={3} />
            <FormRow min={260}>
              <TextInput source="email" type="email" validate={[required(), emailFormat()]} />
              <TextInput source="phone" type="tel" />
            </FormRow>
            <FormRow min={260}>
              <TextInput source="vatId" helperText={translate('bo.identity.vatHelp')} />
              <TextInput source="vatExemptionNote" />
            </FormRow>
            <FormRow min={260}>
              <TextInput source="websiteUrl" type="url" />
              <TextInput source="logoUrl" type="url" />
            </FormRow>
            <FormRow min={260}>
              {urls.map((name) => (
                <TextInput key={name} source={name} type="url" validate={required()} />
              ))}
            </FormRow>
          </SimpleForm>
        </>
      )}
    </LoadThenEditPage>
  );
}
