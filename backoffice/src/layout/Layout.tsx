import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, Menu, TitlePortal, usePermissions, useTranslate } from 'react-admin';
import BadgeIcon from '@mui/icons-material/Badge';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PolicyIcon from '@mui/icons-material/Policy';
import { loadingLabelId } from '../theme.ts';
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
      <Menu.Item to="/retention" primaryText={translate('bo.retention.menu')} leftIcon={<PolicyIcon />} />
      {permissions === 'owner' ? (
        <Menu.Item to="/identity" primaryText={translate('bo.identity.menu')} leftIcon={<BadgeIcon />} />
      ) : null}
      {permissions === 'owner' ? (
        <Menu.Item to="/notices" primaryText={translate('bo.notices.menu')} leftIcon={<NotificationsIcon />} />
      ) : null}
    </Menu>
  );
}

/** The page's title in the app bar is its one h1 (react-admin's is an h6 without a heading level of its own). */
function BackofficeAppBar() {
  return (
    <AppBar>
      <TitlePortal component="h1" variant="h6" className="RaAppBar-title" />
    </AppBar>
  );
}

/**
 * react-admin's layout, but a wide table scrolls inside its card instead of widening the whole page (react-admin
 * lets the page grow to the table's width), so the menu and the filters stay in view at 1280 px and on a tablet.
 */
const contained = {
  minWidth: 0,
  '& .RaLayout-content': { minWidth: 0 },
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-main .RaDataTable-tableWrapper': { overflowX: 'auto' },
};

export function Layout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  return (
    <RaLayout menu={BackofficeMenu} appBar={BackofficeAppBar} sx={contained}>
      <DocumentLanguage />
      <span id={loadingLabelId} hidden>
        {translate('ra.page.loading')}
      </span>
      {children}
    </RaLayout>
  );
}
