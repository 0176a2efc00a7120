import type { ReactNode } from 'react';
import { Layout as RaLayout, Menu, usePermissions, useTranslate } from 'react-admin';
import BadgeIcon from '@mui/icons-material/Badge';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import { DocumentLanguage } from './LanguageSwitch.tsx';

/** The menu: the resources this role may open, then the owner's school identity and the catalogue's files. */
function BackofficeMenu() {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item
        to="/catalogue-files"
        primaryText={translate('bo.catalogueFiles.menu')}
        leftIcon={<ImportExportIcon />}
      />
      {permissions === 'owner' ? (
        <Menu.Item to="/identity" primaryText={translate('bo.identity.menu')} leftIcon={<BadgeIcon />} />
      ) : null}
    </Menu>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={BackofficeMenu}>
      <DocumentLanguage />
      {children}
    </RaLayout>
  );
}
