/**
 * The route table (spec section 2). Every screen is its own chunk, loaded on
 * first visit; the service worker precaches them all for offline use.
 */
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from './config/paths';
import { RouteError } from './layout/route-error';
import { PublicLayout } from './layout/public-layout';

type PageModule = Promise<Record<string, unknown>>;

/** Lazy route from a module and the name of its page component. */
function page(load: () => PageModule, name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      return { Component: module[name] as React.ComponentType };
    },
  };
}

const dashboardSection = (sectionId: string): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { DashboardSectionPage } = await import('./features/dashboard/dashboard-section-page');
    return { Component: () => <DashboardSectionPage sectionId={sectionId} /> };
  },
});

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, ...page(() => import('./features/home/home-page'), 'HomePage') },
      { path: paths.marketplace, ...page(() => import('./features/marketplace/marketplace-page'), 'MarketplacePage') },
      { path: paths.howItWorks, ...page(() => import('./features/how-it-works/how-it-works-page'), 'HowItWorksPage') },
      { path: paths.pricing, ...page(() => import('./features/pricing/pricing-page'), 'PricingPage') },
      { path: paths.verification, ...page(() => import('./features/verification/verification-page'), 'VerificationPage') },
      { path: paths.credential, ...page(() => import('./features/verification/verification-page'), 'VerificationPage') },
      { path: paths.aboutContact, ...page(() => import('./features/about-contact/about-contact-page'), 'AboutContactPage') },
      { path: paths.auth, ...page(() => import('./features/auth/auth-page'), 'AuthPage') },
      { path: paths.buyProcess, ...page(() => import('./features/buy-process/buy-process-page'), 'BuyProcessPage') },
      { path: paths.terms, ...page(() => import('./features/legal/terms-page'), 'TermsPage') },
      { path: paths.privacy, ...page(() => import('./features/legal/privacy-page'), 'PrivacyPage') },
      { path: paths.compliance, ...page(() => import('./features/legal/compliance-page'), 'CompliancePage') },
      { path: '*', ...page(() => import('./features/not-found/not-found-page'), 'NotFoundPage') },
    ],
  },
  {
    path: paths.dashboard.root,
    errorElement: <RouteError />,
    lazy: async () => {
      const { DashboardLayout } = await import('./layout/dashboard-layout');
      return { Component: DashboardLayout };
    },
    children: [
      { index: true, ...dashboardSection('user-overview') },
      { path: 'user', element: <Navigate to={paths.dashboard.root} replace /> },
      { path: 'user/plates', ...dashboardSection('user-plates') },
      { path: 'user/vehicles', ...dashboardSection('user-vehicles') },
      { path: 'user/certificates', ...dashboardSection('user-certificates') },
      { path: 'user/payments', ...page(() => import('./features/user-payments/user-payments-page'), 'UserPaymentsPage') },
      { path: 'user/payments/:paymentId', ...page(() => import('./features/user-payments/payment-receipt-page'), 'PaymentReceiptPage') },
      { path: 'user/settings', ...page(() => import('./features/settings/settings-page'), 'SettingsPage') },
      { path: 'admin', ...dashboardSection('admin-overview') },
      { path: 'admin/users', ...page(() => import('./features/admin-users/admin-users-page'), 'AdminUsersPage') },
      { path: 'admin/requests', ...page(() => import('./features/plate-requests/plate-requests-page'), 'PlateRequestsPage') },
      { path: 'admin/inventory', ...dashboardSection('admin-inventory') },
      { path: 'admin/reports', ...dashboardSection('admin-reports') },
      { path: 'admin/compliance', ...page(() => import('./features/agent/shop-records-page'), 'ShopRecordsPage') },
      { path: 'admin/qr-system', ...page(() => import('./features/qr-system/qr-system-page'), 'QrSystemPage') },
      { path: 'admin/settings', ...dashboardSection('admin-settings') },
      // Decided in the brief: agent/dashboard and agent are the same page.
      { path: 'agent', ...page(() => import('./features/agent/agent-overview-page'), 'AgentOverviewPage') },
      { path: 'agent/dashboard', ...page(() => import('./features/agent/agent-overview-page'), 'AgentOverviewPage') },
      { path: 'agent/whitebook', ...page(() => import('./features/agent/whitebook-page'), 'WhitebookPage') },
      { path: 'agent/manufacturing', ...page(() => import('./features/agent/manufacturing-page'), 'ManufacturingPage') },
      { path: 'agent/inventory', ...page(() => import('./features/agent/inventory-page'), 'InventoryPage') },
      { path: 'agent/settings', ...page(() => import('./features/settings/settings-page'), 'SettingsPage') },
      // Decided in the brief: /dashboard/insurance leads to the insurance agent's overview.
      { path: 'insurance', element: <Navigate to={paths.dashboard.insuranceAgent.dashboard} replace /> },
      { path: 'insurance-agent', element: <Navigate to={paths.dashboard.insuranceAgent.dashboard} replace /> },
      { path: 'insurance-agent/dashboard', ...dashboardSection('insurance-overview') },
      { path: 'insurance-agent/policies', ...dashboardSection('insurance-policies') },
      { path: 'insurance-agent/claims', ...dashboardSection('insurance-claims') },
      { path: 'insurance-agent/customers', ...dashboardSection('insurance-customers') },
      { path: 'insurance-agent/settings', ...page(() => import('./features/settings/settings-page'), 'SettingsPage') },
      { path: 'police', ...page(() => import('./features/police/police-page'), 'PolicePage') },
      { path: '*', ...page(() => import('./features/not-found/not-found-page'), 'NotFoundPage') },
    ],
  },
];

/**
 * Loads the lazy routes that match the current location, so that a prerendered page
 * hydrates with its components already in place (react-router's documented pattern).
 */
export async function resolveLazyMatches(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy || typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
