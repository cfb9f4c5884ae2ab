import { PARTNER_TEST_ROUTE } from '@saldo/contract';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoadingBlock } from '../components/query-state';
import { AdminUsersPage } from '../features/admin/admin-users-page';
import { AdminAuditPage } from '../features/admin/audit-page';
import { CustomerDetailPage } from '../features/admin/customer-detail-page';
import { CustomersPage } from '../features/admin/customers-page';
import { AdminFreeCustomersPage } from '../features/admin/free-customers-page';
import { AdminRegistrationPage } from '../features/admin/registration-page';
import { ApiAccountsPage } from '../features/api-accounts/api-accounts-page';
import { AuditPage } from '../features/audit/audit-page';
import { ConfirmInvitationPage } from '../features/auth/confirm-invitation-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { RedirectPage } from '../features/auth/redirect-page';
import { RegisterNotificationPage } from '../features/auth/register-notification-page';
import { RegisterPage } from '../features/auth/register-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SendVerificationPage } from '../features/auth/send-verification-page';
import { VerifyAccountPage } from '../features/auth/verify-account-page';
import { BillingPage } from '../features/billing/billing-page';
import { BoardsPage } from '../features/boards/boards-page';
import { OutboxPage } from '../features/dev/outbox-page';
import { EmbedKeysPage } from '../features/embed/embed-keys-page';
import { FirmPage } from '../features/firm/firm-page';
import { WhatsNewPage } from '../features/help/whats-new-page';
import { PartnerTestPage } from '../features/integration/partner-test-page';
import { ProfileSettingsPage } from '../features/profile/profile-settings-page';
import { PublicPackPage } from '../features/report-packs/public-pack-page';
import { ReportPacksPage } from '../features/report-packs/report-packs-page';
import { TeamPage } from '../features/team/team-page';
import { TemplatesPage } from '../features/templates/templates-page';
import { TermsPage } from '../features/terms/terms-page';
import { dashboardLoader } from './dashboard-loader';
import { ErrorPage } from './error-page';
import { ProtectedRoute } from './protected-route';
import { AppShell } from './shell/app-shell';

// The dashboard pulls in the SDK (Lit, Preact, uPlot); loading it on demand keeps the login page light.
const dashboard = () =>
  import('../features/dashboard/dashboard-page').then((module) => ({ Component: module.DashboardPage }));

// Its loader asks for the dashboard's data while this code loads, only when the route is entered (a change of
// period or sub-board in the address is the page's own to fetch); meanwhile the shell shows the page's spinner.
// The index: the portfolio for someone with more than one board, else the dashboard (first-page.tsx).
const firstPage = () => import('../features/portfolio/first-page').then((module) => ({ Component: module.FirstPage }));
const portfolio = () =>
  import('../features/portfolio/portfolio-page').then((module) => ({ Component: module.PortfolioPage }));
const alerts = () => import('../features/alerts/alerts-page').then((module) => ({ Component: module.AlertsPage }));

const dashboardRoute = {
  lazy: dashboard,
  loader: dashboardLoader,
  shouldRevalidate: () => false,
  HydrateFallback: LoadingBlock,
};

// The report pages render SDK elements too, so they load on demand like the dashboard.
const report = (kind: 'profit' | 'balanceSheet' | 'cashflow') => () =>
  import('../features/reports/report-page').then(({ ReportPage }) => ({
    Component: () => <ReportPage kind={kind} />,
  }));

// The budget grid and its import; under /profit, so the ProfitLoss menu entry grants it.
const budget = () => import('../features/budgets/budget-page').then((module) => ({ Component: module.BudgetPage }));

// Public share links (no login): the SDK loads on demand here too.
const publicView = () => import('../features/share/public-view').then((module) => ({ Component: module.PublicView }));

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <ErrorPage />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/register', element: <RegisterPage /> },
        { path: '/register-notification', element: <RegisterNotificationPage /> },
        { path: '/send-verification', element: <SendVerificationPage /> },
        { path: '/verify-account', element: <VerifyAccountPage /> },
        { path: '/password/forgot', element: <ForgotPasswordPage /> },
        { path: '/password/reset', element: <ResetPasswordPage /> },
        { path: '/confirm-invitation', element: <ConfirmInvitationPage /> },
        { path: '/terms', element: <TermsPage /> },
        { path: '/redirect', element: <RedirectPage /> },
        // The partner-integration test route; the server lists it in one configured user's menu only.
        { path: PARTNER_TEST_ROUTE, element: <PartnerTestPage /> },
        // Development aid: the server's local mail outbox (it answers 404 when mail goes out by SMTP).
        { path: '/dev/outbox', element: <OutboxPage /> },
        // Spec §2: /public/board|profitloss|cashflow|balancesheet/{boardId}, outside the shell and its login guard,
        // so a logged-in user opening a public link sees the public view too.
        { path: '/public/:view/:boardId', lazy: publicView },
        // Issue 30: a sent report pack's mailed link, read-only and without a login, logged in or not.
        { path: '/pack/:secret', element: <PublicPackPage /> },
        {
          element: (
            <ProtectedRoute>
              <AppShell />
            </ProtectedRoute>
          ),
          children: [
            { index: true, ...dashboardRoute, lazy: firstPage },
            { path: 'portfolio', lazy: portfolio, HydrateFallback: LoadingBlock },
            { path: 'alerts', lazy: alerts, HydrateFallback: LoadingBlock },
            { path: 'dashboard', ...dashboardRoute },
            { path: 'cashflow', lazy: report('cashflow') },
            { path: 'profit', lazy: report('profit') },
            { path: 'profit/budget', lazy: budget },
            { path: 'balance-sheet', lazy: report('balanceSheet') },
            { path: 'api-settings', element: <Navigate to="/api-settings/api-accounts" replace /> },
            { path: 'api-settings/api-accounts', element: <ApiAccountsPage /> },
            { path: 'profile-settings', element: <ProfileSettingsPage /> },
            { path: 'profile-settings/personal-information', element: <ProfileSettingsPage /> },
            { path: 'profile-settings/team', element: <TeamPage /> },
            // The firm's name, logo and colours on its mails and public links (issue 30).
            { path: 'profile-settings/firm', element: <FirmPage /> },
            { path: 'profile-settings/billing', element: <BillingPage /> },
            { path: 'group', element: <BoardsPage /> },
            // Help: what this build has gained, from the repository's CHANGELOG.md.
            { path: 'whats-new', element: <WhatsNewPage /> },
            // A board's embed keys: under /group, so the GroupAccount menu entry grants it.
            { path: 'group/:boardId/embed', element: <EmbedKeysPage /> },
            { path: 'group/:boardId/report-packs', element: <ReportPacksPage /> },
            { path: 'group/:boardId/audit', element: <AuditPage /> },
            // The firm's templates: under /group too (issue 29).
            { path: 'group/templates', element: <TemplatesPage /> },
            { path: 'admin', element: <Navigate to="/admin/dashboard" replace /> },
            { path: 'admin/dashboard', element: <AdminUsersPage /> },
            { path: 'admin/free-customers', element: <AdminFreeCustomersPage /> },
            { path: 'admin/registration', element: <AdminRegistrationPage /> },
            { path: 'admin/audit', element: <AdminAuditPage /> },
            // The super-admin's companies; the menu lists /customer for the SuperAdmin role only.
            { path: 'customer', element: <CustomersPage /> },
            { path: 'customer/:id', element: <CustomerDetailPage /> },
            // Unknown addresses inside the app: the guard has already let the user in, so go home.
            { path: '*', element: <Navigate to="/dashboard" replace /> },
          ],
        },
      ],
    },
  ]);
}
