import { BooleanField, DataTable, DateField, List, TextField, useTranslate } from 'react-admin';
import { registerResource } from '../../api/dataProvider.ts';

registerResource('staff', { path: '/staff', sortStyle: 'fieldOrder' });

/**
 * Staff accounts (owner only). Accounts are made with the staff command (`npm run staff -w api -- add …`),
 * which prints the setup link; the list shows who has set a password and enrolled an authenticator.
 */
export function StaffList() {
  const translate = useTranslate();
  return (
    <List
      exporter={false}
      sort={{ field: 'email', order: 'ASC' }}
      title={translate('resources.staff.name', { smart_count: 2 })}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="email">
          <TextField source="email" />
        </DataTable.Col>
        <DataTable.Col source="role" render={(record) => translate(`bo.role.${record.role}`)} />
        <DataTable.Col source="passwordSet" disableSort>
          <BooleanField source="passwordSet" />
        </DataTable.Col>
        <DataTable.Col source="totpEnrolled" disableSort>
          <BooleanField source="totpEnrolled" />
        </DataTable.Col>
        <DataTable.Col source="lastLoginAt">
          <DateField source="lastLoginAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
