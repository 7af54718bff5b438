// Reports & Analytics as the server renderer draws it from a given answer (the hook that
// fetches and keeps it is replaced): the selectors, the summary compared with the previous
// period, the line chart's data table, the sections of each report type, the quick
// exports, and the "as of" note when offline.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminReport } from '../../../../src/domain/reports/admin-report';
import type { AdminReportState } from '../../../../src/app/features/admin-reports/use-admin-report';
import { AdminReportsPage } from '../../../../src/app/features/admin-reports/admin-reports-page';
import { appSystem } from '../../../../src/app/theme/system';

const state = vi.hoisted(() => ({ current: undefined as AdminReportState | undefined }));
vi.mock('../../../../src/app/features/admin-reports/use-admin-report', () => ({ useAdminReport: () => state.current }));

const REPORT: AdminReport = {
  period: 'last30days',
  type: 'Overview',
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
      isOperational: true,
      checks: [{ id: 'database', label: 'Database reachable', isOk: true, detail: 'The database answered' }],
    },
  },
  monthly: [
    { month: '2026-10', users: 4, requests: 9, inventory: 800 },
    { month: '2026-11', users: 8, requests: 11, inventory: 2045 },
  ],
  plateTypes: [
    { name: 'Standard', value: 15, percentage: 75 },
    { name: 'Commercial', value: 5, percentage: 25 },
  ],
  userStatuses: [{ name: 'Active', value: 1247, percentage: 100 }],
  inventoryByType: [{ name: 'Plate Blanks', value: 2845, percentage: 100 }],
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
  ],
  previous: {
    from: '2026-09-25T10:00:00.000Z',
    to: '2026-10-25T10:00:00.000Z',
    newUsers: 10,
    requestsReceived: 25,
    activeRequests: 7,
    inventoryItems: 0,
  },
};

const ready = (overrides: Partial<AdminReportState> = {}, report: AdminReport = REPORT): AdminReportState => ({
  shown: { report, fetchedAt: Date.parse('2026-11-24T10:00:00.000Z') },
  isOnline: true,
  isFetching: false,
  failure: null,
  refresh: () => undefined,
  ...overrides,
});

const renderedHtml = () =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>
        <AdminReportsPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
const text = () =>
  renderedHtml()
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

beforeEach(() => {
  state.current = ready();
});

describe('AdminReportsPage', () => {
  it('shows the selectors with the longer periods and the summary compared with the previous period', () => {
    const shown = text();
    expect(shown).toContain('Reports &amp; Analytics');
    expect(shown).toMatch(/Period .*Last 7 Days Last 30 Days Last 3 Months Last 6 Months Last Year/);
    expect(shown).toMatch(/Report type .*Overview Users Report Requests Report Inventory Report System Report/);
    expect(shown).toContain('Total Users 1,247 12 new: Up 20% on the previous period (10)');
    expect(shown).toContain(
      'Active Requests 7 No change on the previous period (7); 20 received: Down 20% on the previous period (25)',
    );
    expect(shown).toContain('Inventory Items 2,845 None in the previous period (0); 2 allocations low on stock');
    expect(shown).toContain('System Health Operational All systems operational (1 checks)');
  });

  it('gives the monthly trends of users, requests and inventory as a table, with the overview sections and quick exports', () => {
    const shown = text();
    expect(shown).toMatch(
      /Monthly trends Month New users Requests Inventory received Oct 2026 4 9 800 Nov 2026 8 11 2045/,
    );
    expect(shown).toContain('Plate Type Distribution');
    expect(shown).toContain('User Status Overview');
    expect(shown).toContain('request.approve REQ-001');
    expect(shown).toContain('GET /api/payments failed: boom');
    expect(shown).toMatch(/Quick Report Actions Export User Report Export Inventory Report Export System Logs/);
    expect(renderedHtml()).toContain('aria-label="Line chart: new users, requests, inventory received per month');
  });

  it('shows health and logs, and no charts, for a System Report', () => {
    state.current = ready({}, { ...REPORT, type: 'System Report' });
    const shown = text();
    expect(shown).toContain('Database reachable: OK');
    expect(shown).toContain('System Logs');
    expect(shown).not.toContain('Monthly Trends');
    expect(shown).not.toContain('Recent Activity');
  });

  it('marks a copy read offline with the time it was fetched', () => {
    state.current = ready({ isOnline: false });
    expect(text()).toMatch(
      /This device is offline: the report is shown as of 24 Nov 2026, \d\d:00, when it was last fetched/,
    );
  });

  it('cannot export before a report has been fetched', () => {
    state.current = ready({ isOnline: false, shown: null });
    expect(text()).toContain('has not fetched this report yet');
    expect(renderedHtml()).toMatch(/<button[^>]*disabled[^>]*>Export Report<\/button>/);
  });

  it('downloads the whole user list and the period’s logs from the server, and the inventory figures from the device', () => {
    const html = renderedHtml();
    expect(html).toMatch(
      /<a[^>]*href="\/api\/admin\/reports\/export\/users\.csv\?period=last30days"[^>]*download=""[^>]*>Export User Report<\/a>/,
    );
    expect(html).toMatch(
      /<a[^>]*href="\/api\/admin\/reports\/export\/logs\.csv\?period=last30days"[^>]*download=""[^>]*>Export System Logs<\/a>/,
    );
    expect(html).toMatch(/<button[^>]*>Export Inventory Report<\/button>/);
    expect(html).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*>Export Report<\/button>/);
  });

  it('says the server-made files need a connection when offline, and still exports the report shown', () => {
    state.current = ready({ isOnline: false });
    const html = renderedHtml();
    expect(html).not.toContain('/api/admin/reports/export/');
    expect(text()).toContain('Export User Report (needs a connection)');
    expect(text()).toContain('Export System Logs (needs a connection)');
    expect(html).toMatch(/<button[^>]*>Export Inventory Report<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>Export Report<\/button>/);
  });
});
