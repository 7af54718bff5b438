// The System Dashboard as the server renderer draws it from a given answer (the hook that
// fetches and keeps it is replaced): the spec's words, the figures, the logs' level badges,
// each chart's data as a table, and the "as of" note when offline.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '../../../../src/domain/reports/admin-dashboard';
import type { AdminDashboardState } from '../../../../src/app/features/admin-dashboard/use-admin-dashboard';
import { AdminDashboardPage } from '../../../../src/app/features/admin-dashboard/admin-dashboard-page';
import { appSystem } from '../../../../src/app/theme/system';

const state = vi.hoisted(() => ({ current: undefined as AdminDashboardState | undefined }));
vi.mock('../../../../src/app/features/admin-dashboard/use-admin-dashboard', () => ({
  useAdminDashboard: () => state.current,
}));

const DASHBOARD: AdminDashboard = {
  period: 'last30days',
  view: 'overview',
  from: '2026-10-25T10:00:00.000Z',
  to: '2026-11-24T10:00:00.000Z',
  generatedAt: '2026-11-24T10:00:00.000Z',
  summary: {
    totalUsers: 1247,
    newUsers: 12,
    activeRequests: 7,
    requestsReceived: 20,
    inventoryItems: 2845,
    lowStockAllocations: 2,
    health: {
      isOperational: false,
      checks: [
        { id: 'database', label: 'Database reachable', isOk: true, detail: 'The database answered' },
        { id: 'errors', label: 'Server errors in the period', isOk: false, detail: '3 server errors' },
      ],
    },
  },
  monthly: [
    { month: '2026-10', users: 4, requests: 9 },
    { month: '2026-11', users: 8, requests: 11 },
  ],
  plateTypes: [
    { name: 'Standard', value: 15, percentage: 75 },
    { name: 'Commercial', value: 5, percentage: 25 },
  ],
  userStatuses: [
    { name: 'Active', value: 1200, percentage: 96 },
    { name: 'Suspended', value: 47, percentage: 4 },
  ],
  inventoryByType: [],
  activity: [
    {
      id: 'audit-1',
      action: 'request.approve REQ-001',
      user: 'Bwalya Mulenga',
      at: '2026-11-23T09:00:00.000Z',
      type: 'request',
    },
  ],
  logs: [
    {
      id: 'log-1',
      level: 'ERROR',
      message: 'GET /api/payments failed: boom',
      module: 'payments',
      at: '2026-11-22T00:00:00.000Z',
    },
    {
      id: 'audit-2',
      level: 'INFO',
      message: 'Bwalya Mulenga: user.edit USR-004',
      module: 'user',
      at: '2026-11-21T00:00:00.000Z',
    },
    {
      id: 'mutation-3',
      level: 'WARNING',
      message: 'Change refused (editUser): stale',
      module: 'sync',
      at: '2026-11-20T00:00:00.000Z',
    },
  ],
};

const ready = (overrides: Partial<AdminDashboardState> = {}): AdminDashboardState => ({
  shown: { dashboard: DASHBOARD, fetchedAt: Date.parse('2026-11-24T10:00:00.000Z') },
  isOnline: true,
  isFetching: false,
  failure: null,
  refresh: () => undefined,
  ...overrides,
});

function renderedHtml(): string {
  return renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>
        <AdminDashboardPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
}
const text = () =>
  renderedHtml()
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

beforeEach(() => {
  state.current = ready();
});

describe('AdminDashboardPage', () => {
  it('shows the title, subtitle, selectors and the four summary cards with their notes', () => {
    const shown = text();
    expect(shown).toContain('System Dashboard');
    expect(shown).toContain('Real-time system insights');
    expect(shown).toMatch(/Period .*Last 7 Days Last 30 Days Last 3 Months/);
    expect(shown).toMatch(/View .*Overview Users Requests Inventory/);
    expect(shown).toContain('Total Users 1,247 12 new in this period');
    expect(shown).toContain('Active Requests 7 Pending or under review, of 20 received');
    expect(shown).toContain('Inventory Items 2,845 2 allocations low on stock');
    expect(shown).toContain('System Health Needs attention 3 server errors');
  });

  it('keeps System Health operational while work waits, and shows that work in its own card and list', () => {
    state.current = ready({
      shown: {
        fetchedAt: Date.parse('2026-11-24T10:00:00.000Z'),
        dashboard: {
          ...DASHBOARD,
          summary: {
            ...DASHBOARD.summary,
            health: {
              isOperational: true,
              checks: [
                { id: 'database', label: 'Database reachable', isOk: true, detail: 'The database answered' },
                { id: 'errors', label: 'Server errors in the period', isOk: true, detail: 'No server errors' },
                {
                  id: 'payments',
                  label: 'Payments waiting',
                  isOk: false,
                  detail: '1 payment pending more than 24 hours',
                },
              ],
            },
          },
        },
      },
    });
    const shown = text();
    expect(shown).toContain('System Health Operational All systems operational (2 checks)');
    expect(shown).toContain('Work Waiting 1 to do 1 payment pending more than 24 hours');
    expect(shown).toContain('Work waiting Payments waiting: Waiting 1 payment pending more than 24 hours');
    expect(shown).not.toContain('Needs attention');
  });

  it('gives each chart its data as a table, and lists statuses with counts and percentages', () => {
    const shown = text();
    expect(shown).toContain('Show the data as a table');
    expect(shown).toMatch(/Monthly trends Month New users Requests Oct 2026 4 9 Nov 2026 8 11/);
    expect(shown).toMatch(/Plates requested by type Name Plates Share Standard 15 75% Commercial 5 25%/);
    expect(shown).toMatch(/Active 1,200 \(96%\)/);
    expect(renderedHtml()).toContain(
      'aria-label="Pie chart of plates requested by type: Standard 15 plates (75%), Commercial 5 plates (25%)."',
    );
    expect(renderedHtml()).toContain(
      'aria-label="Bar chart: new users and requests per month, Oct 2026: 4 new users, 9 requests; Nov 2026: 8 new users, 11 requests."',
    );
  });

  it('shows the logs with their level badges and the activity with its type', () => {
    const html = renderedHtml();
    // Each badge's colours come in the style element just before it.
    const badgeStyle = (level: string) =>
      html.match(new RegExp(`<style[^>]*>([^<]*)</style><span class="chakra-badge[^"]*">${level}<`))?.[1] ?? '';
    expect(badgeStyle('ERROR')).toContain('colors-red-');
    expect(badgeStyle('INFO')).toContain('colors-blue-');
    expect(badgeStyle('WARNING')).toContain('colors-yellow-');
    const shown = text();
    expect(shown).toContain('Level Message Module Timestamp');
    expect(shown).toContain('GET /api/payments failed: boom');
    expect(shown).toContain('request.approve REQ-001');
    expect(html).toContain('aria-label="Request"');
  });

  it('marks a copy read offline with the time it was fetched', () => {
    state.current = ready({ isOnline: false });
    expect(text()).toMatch(
      /This device is offline: the dashboard is shown as of 24 Nov 2026, \d\d:00, when it was last fetched/,
    );
  });

  it('says the dashboard needs a connection when the device holds none', () => {
    state.current = ready({ isOnline: false, shown: null });
    const shown = text();
    expect(shown).toContain('has not fetched this dashboard yet');
    expect(renderedHtml()).toMatch(/<button[^>]*disabled[^>]*>Export<\/button>/);
  });

  it('offers the view shown as a CSV or a PDF file from one Export menu, offline too', () => {
    state.current = ready({ isOnline: false });
    expect(renderedHtml()).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*>Export<\/button>/);
    expect(renderedHtml()).not.toMatch(/<button[^>]*disabled[^>]*>Export<\/button>/);
  });
});
