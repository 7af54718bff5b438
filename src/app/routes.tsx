/**
 * The route table (spec section 2). Every screen is its own chunk, loaded on
 * first visit; the service worker precaches them all for offline use.
 */
import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { paths } from './config/paths';
import { PublicLayout } from './layout/public-layout';
import { LazyPage, lazyPage, loadPagesFor } from './routing/lazy-page';
import { RouteErrorBoundary } from './routing/route-error-boundary';
import { DocumentTitle } from './routing/document-title';
import { ScrollRestoration } from './routing/scroll-restoration';

/** A route that shows a lazy page. */
function page(load: () => Promise<Record<string, unknown>>, name: string): Pick<RouteObject, 'element' | 'handle'> {
  const module = lazyPage(load, name);
  return { element: <LazyPage page={module} />, handle: { page: module } };
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home, ...page(() => import('./features/home/home-page'), 'HomePage') },
      { path: paths.marketplace, ...page(() => import('./features/marketplace/marketplace-page'), 'MarketplacePage') },
      { path: paths.howItWorks, ...page(() => import('./features/how-it-works/how-it-works-page'), 'HowItWorksPage') },
      { path: paths.pricing, ...page(() => import('./features/pricing/pricing-page'), 'PricingPage') },
      {
        path: paths.verification,
        ...page(() => import('./features/verification/verification-page'), 'VerificationPage'),
      },
      {
        path: paths.credential,
        ...page(() => import('./features/verification/verification-page'), 'VerificationPage'),
      },
      {
        path: paths.aboutContact,
        ...page(() => import('./features/about-contact/about-contact-page'), 'AboutContactPage'),
      },
      { path: paths.auth, ...page(() => import('./features/auth/auth-page'), 'AuthPage') },
      {
        path: paths.forgotPassword,
        ...page(() => import('./features/auth/forgot-password-page'), 'ForgotPasswordPage'),
      },
      { path: paths.resetPassword, ...page(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage') },
      { path: paths.confirmEmail, ...page(() => import('./features/auth/confirm-email-page'), 'ConfirmEmailPage') },
      { path: paths.emailChange, ...page(() => import('./features/auth/email-change-page'), 'EmailChangePage') },
      { path: paths.help, ...page(() => import('./features/help/help-page'), 'HelpPage') },
      { path: paths.buyProcess, ...page(() => import('./features/buy-process/buy-process-page'), 'BuyProcessPage') },
      { path: paths.terms, ...page(() => import('./features/legal/terms-page'), 'TermsPage') },
      { path: paths.privacy, ...page(() => import('./features/legal/privacy-page'), 'PrivacyPage') },
      { path: paths.compliance, ...page(() => import('./features/legal/compliance-page'), 'CompliancePage') },
      { path: '*', ...page(() => import('./features/not-found/not-found-page'), 'NotFoundPage') },
    ],
  },
  {
    path: paths.dashboard.root,
    ...page(() => import('./layout/dashboard-layout'), 'DashboardLayout'),
    children: [
      { index: true, ...page(() => import('./features/owner-dashboard/overview-page'), 'OwnerOverviewPage') },
      { path: 'user', element: <Navigate to={paths.dashboard.root} replace /> },
      { path: 'user/plates', ...page(() => import('./features/owner-dashboard/my-plates-page'), 'MyPlatesPage') },
      { path: 'user/vehicles', ...page(() => import('./features/fleet/vehicles-page'), 'VehiclesPage') },
      {
        path: 'user/certificates',
        ...page(() => import('./features/certificates/certificates-page'), 'CertificatesPage'),
      },
      {
        path: 'user/payments',
        ...page(() => import('./features/user-payments/user-payments-page'), 'UserPaymentsPage'),
      },
      {
        path: 'user/payments/:paymentId',
        ...page(() => import('./features/user-payments/payment-receipt-page'), 'PaymentReceiptPage'),
      },
      { path: 'user/settings', ...page(() => import('./features/settings/settings-page'), 'SettingsPage') },
      { path: 'admin', ...page(() => import('./features/admin-dashboard/admin-dashboard-page'), 'AdminDashboardPage') },
      { path: 'admin/users', ...page(() => import('./features/admin-users/admin-users-page'), 'AdminUsersPage') },
      {
        path: 'admin/requests',
        ...page(() => import('./features/application-review/plate-requests-page'), 'PlateRequestsPage'),
      },
      {
        path: 'admin/inventory',
        ...page(() => import('./features/admin-inventory/admin-inventory-page'), 'AdminInventoryPage'),
      },
      {
        path: 'admin/reports',
        ...page(() => import('./features/admin-reports/admin-reports-page'), 'AdminReportsPage'),
      },
      { path: 'admin/compliance', ...page(() => import('./features/agent/shop-records-page'), 'ShopRecordsPage') },
      { path: 'admin/qr-system', ...page(() => import('./features/qr-system/qr-system-page'), 'QrSystemPage') },
      { path: 'admin/messages', ...page(() => import('./features/messages/sent-messages-page'), 'SentMessagesPage') },
      {
        path: 'admin/ussd',
        ...page(() => import('./features/ussd-simulator/ussd-simulator-page'), 'UssdSimulatorPage'),
      },
      {
        path: 'admin/refunds',
        ...page(() => import('./features/admin-refunds/admin-refunds-page'), 'AdminRefundsPage'),
      },
      {
        path: 'admin/partners',
        ...page(() => import('./features/admin-partners/admin-partners-page'), 'AdminPartnersPage'),
      },
      {
        path: 'admin/settings',
        ...page(() => import('./features/admin-settings/admin-settings-page'), 'AdminSettingsPage'),
      },
      // Decided in the brief: agent/dashboard and agent are the same page.
      { path: 'agent', ...page(() => import('./features/agent/agent-overview-page'), 'AgentOverviewPage') },
      { path: 'agent/dashboard', ...page(() => import('./features/agent/agent-overview-page'), 'AgentOverviewPage') },
      { path: 'agent/whitebook', ...page(() => import('./features/agent/whitebook-page'), 'WhitebookPage') },
      {
        path: 'agent/manufacturing',
        ...page(() => import('./features/agent/manufacturing-page'), 'ManufacturingPage'),
      },
      { path: 'agent/inventory', ...page(() => import('./features/agent/inventory-page'), 'InventoryPage') },
      { path: 'agent/settings', ...page(() => import('./features/settings/settings-page'), 'SettingsPage') },
      // Decided in the brief: /dashboard/insurance leads to the insurance agent's overview.
      { path: 'insurance', element: <Navigate to={paths.dashboard.insuranceAgent.dashboard} replace /> },
      { path: 'insurance-agent', element: <Navigate to={paths.dashboard.insuranceAgent.dashboard} replace /> },
      {
        path: 'insurance-agent/dashboard',
        ...page(() => import('./features/insurance/insurance-overview-page'), 'InsuranceOverviewPage'),
      },
      { path: 'insurance-agent/policies', ...page(() => import('./features/insurance/policies-page'), 'PoliciesPage') },
      { path: 'insurance-agent/claims', ...page(() => import('./features/insurance/claims-page'), 'ClaimsPage') },
      {
        path: 'insurance-agent/customers',
        ...page(() => import('./features/insurance/customers-page'), 'CustomersPage'),
      },
      { path: 'insurance-agent/settings', ...page(() => import('./features/settings/settings-page'), 'SettingsPage') },
      { path: 'police', ...page(() => import('./features/police/police-page'), 'PolicePage') },
      { path: '*', ...page(() => import('./features/not-found/not-found-page'), 'NotFoundPage') },
    ],
  },
];

/**
 * Every path the app has a page for (`:name` for a parameter), for the server to answer any
 * other path 404. Redirects count: they lead to a page. The catch-all not-found routes do not.
 */
export function routePatterns(tree: readonly RouteObject[] = routes, parent = ''): string[] {
  return tree.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const own =
      route.index || (route.path !== undefined && route.element !== undefined) ? [here === '' ? '/' : here] : [];
    return [...own, ...routePatterns(route.children ?? [], here)];
  });
}

/** Loads the pages that match a path, so that a prerendered page hydrates with them in place. */
export function loadPagesForPath(pathname: string): Promise<void> {
  return loadPagesFor(routes, pathname);
}

/** The app's routes, within the browser's or the prerenderer's router. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      {useRoutes(routes)}
      <ScrollRestoration />
      <DocumentTitle />
    </RouteErrorBoundary>
  );
}
