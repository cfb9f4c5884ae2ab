import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { SendVerificationPage } from '../features/auth/send-verification-page';
import { ErrorPage } from './error-page';
import { PlaceholderPage } from './placeholder-page';
import { ProtectedRoute } from './protected-route';
import { AppShell } from './shell/app-shell';

// The dashboard pulls in the SDK (Lit, Preact, uPlot); loading it on demand keeps the login page light.
const dashboard = () =>
  import('../features/dashboard/dashboard-page').then((module) => ({ Component: module.DashboardPage }));

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <ErrorPage />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/send-verification', element: <SendVerificationPage /> },
        {
          element: (
            <ProtectedRoute>
              <AppShell />
            </ProtectedRoute>
          ),
          children: [
            { index: true, lazy: dashboard },
            { path: 'dashboard', lazy: dashboard },
            { path: 'cashflow', element: <PlaceholderPage titleKey="pages.cashflow" /> },
            { path: 'profit', element: <PlaceholderPage titleKey="pages.profit" /> },
            { path: 'balance-sheet', element: <PlaceholderPage titleKey="pages.balanceSheet" /> },
            { path: 'api-settings', element: <Navigate to="/api-settings/api-accounts" replace /> },
            { path: 'api-settings/api-accounts', element: <PlaceholderPage titleKey="pages.apiAccounts" /> },
            { path: 'profile-settings', element: <PlaceholderPage titleKey="pages.profileSettings" /> },
            {
              path: 'profile-settings/personal-information',
              element: <PlaceholderPage titleKey="pages.profileSettings" />,
            },
            // Unknown addresses inside the app: the guard has already let the user in, so go home.
            { path: '*', element: <Navigate to="/dashboard" replace /> },
          ],
        },
      ],
    },
  ]);
}
