import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import EventIcon from '@mui/icons-material/Event';
import GavelIcon from '@mui/icons-material/Gavel';
import MailIcon from '@mui/icons-material/MailOutline';
import ReceiptIcon from '@mui/icons-material/Receipt';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import DescriptionIcon from '@mui/icons-material/Description';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SellIcon from '@mui/icons-material/Sell';
import TranslateIcon from '@mui/icons-material/Translate';
import { dataProvider } from './api/dataProvider.ts';
import { authProvider } from './auth/authProvider.ts';
import { LoginPage } from './auth/LoginPage.tsx';
import { SetupPage } from './auth/SetupPage.tsx';
import { AuditLogList } from './features/audit/index.tsx';
import { CaseList } from './features/cases/index.tsx';
import { NoticeSettingsPage } from './features/notices/NoticeSettingsPage.tsx';
import { CatalogueFilesPage } from './features/catalogueImport/CatalogueFilesPage.tsx';
import { CourseCreate, CourseEdit, CourseList } from './features/courses/index.tsx';
import { PackagePriceList } from './features/packagePrices/index.tsx';
import { ProductCreate, ProductEdit, ProductList } from './features/products/index.tsx';
import { TextEdit, TextList } from './features/texts/index.tsx';
import { Dashboard } from './features/dashboard/Dashboard.tsx';
import { DiscountCodeCreate, DiscountCodeEdit, DiscountCodeList } from './features/discountCodes/index.tsx';
import { IdentityPage } from './features/identity/IdentityPage.tsx';
import { InvoiceList } from './features/invoices/index.tsx';
import { StaffList } from './features/staff/index.tsx';
import { OrderList } from './features/orders/index.tsx';
import { OrderShow } from './features/orders/OrderShow.tsx';
import { ParticipantsPage } from './features/participants/ParticipantsPage.tsx';
import { FailedMailList } from './features/mails/index.tsx';
import { RetentionPage } from './features/retention/RetentionPage.tsx';
import { i18nProvider } from './i18n/i18nProvider.ts';
import { Layout } from './layout/Layout.tsx';
import { theme } from './theme.ts';

/**
 * The back office: react-admin over the admin API (docs/decisions/0098-backoffice-react-admin.md). What a role may
 * open follows the API's rules: the owner also manages staff and the school's identity.
 */
export function App() {
  return (
    <Admin
      title="Backoffice"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={Layout}
      theme={theme}
      disableTelemetry
    >
      {(permissions) => (
        <>
          <CustomRoutes noLayout>
            <Route path="/setup" element={<SetupPage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/catalogue-files" element={<CatalogueFilesPage />} />
            <Route path="/courses/:id/participants" element={<ParticipantsPage />} />
            <Route path="/retention" element={<RetentionPage />} />
            {permissions === 'owner' ? <Route path="/identity" element={<IdentityPage />} /> : null}
            {permissions === 'owner' ? <Route path="/notices" element={<NoticeSettingsPage />} /> : null}
          </CustomRoutes>
          <Resource
            name="orders"
            recordRepresentation="incrementId"
            list={OrderList}
            show={OrderShow}
            icon={ReceiptIcon}
          />
          <Resource
            name="courses"
            recordRepresentation="identifier"
            list={CourseList}
            edit={CourseEdit}
            create={CourseCreate}
            icon={EventIcon}
          />
          <Resource
            name="products"
            recordRepresentation="identifier"
            list={ProductList}
            edit={ProductEdit}
            create={ProductCreate}
            icon={Inventory2Icon}
          />
          <Resource name="package-prices" list={PackagePriceList} icon={SellIcon} />
          <Resource
            name="discount-codes"
            list={DiscountCodeList}
            edit={DiscountCodeEdit}
            create={DiscountCodeCreate}
            icon={LocalOfferIcon}
            recordRepresentation="code"
          />
          <Resource name="texts" list={TextList} edit={TextEdit} icon={TranslateIcon} recordRepresentation="key" />
          <Resource name="invoices" list={InvoiceList} icon={DescriptionIcon} recordRepresentation="number" />
          <Resource name="audit-log" list={AuditLogList} icon={HistoryIcon} />
          <Resource name="failed-mails" list={FailedMailList} icon={MailIcon} />
          {permissions === 'owner' ? <Resource name="staff" list={StaffList} icon={PeopleIcon} /> : null}
          {permissions === 'owner' ? <Resource name="cases" list={CaseList} icon={GavelIcon} /> : null}
        </>
      )}
    </Admin>
  );
}
