/**
 * System Dashboard (spec: "Admin: System Dashboard"): the period and view selectors, the
 * four summary cards, monthly trends, plate types, user statuses, recent activity and
 * the system logs, every figure computed on the server for the chosen period (what each
 * counts: docs/admin-dashboard.md). The last answer for each period and view stays on
 * the device, so the page reads offline, marked with when it was fetched. Export saves
 * the view shown as a CSV or a PDF file.
 */
import {
  type AdminDashboard,
  dashboardCharts,
  dashboardDocument,
  HEALTH_CHECK_KIND,
  healthVerdict,
  lowStockNote,
} from '#domain/reports/admin-dashboard';
import {
  DASHBOARD_PERIOD_IDS,
  ADMIN_DASHBOARD_VIEWS,
  type DashboardPeriodId,
  type AdminDashboardView,
  DEFAULT_DASHBOARD_PERIOD,
  DEFAULT_ADMIN_DASHBOARD_VIEW,
  periodLabel,
  VIEW_LABELS,
} from '#domain/reports/dashboard-period';
import { Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { FetchedFreshness } from '../../components/fetched-freshness';
import { formatDateTime } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { RecordsTable } from '../../components/records-table';
import { SharesPieChart, TrendsChart } from '../../reports/dashboard-charts';
import {
  ActivityList,
  HealthChecks,
  LOG_COLUMNS,
  Selector,
  UserStatusList,
  WorkWaitingCard,
} from '../../reports/dashboard-parts';
import { StatCard } from '../../components/stat-card';
import { ExportMenu } from '../../reports/export-menu';
import { useAdminDashboard } from './use-admin-dashboard';

const count = new Intl.NumberFormat('en-GB');

function SummaryCards({ dashboard }: { dashboard: AdminDashboard }) {
  const { summary } = dashboard;
  const health = healthVerdict(summary.health.checks);
  const failing = summary.health.checks.filter((check) => !check.isOk && HEALTH_CHECK_KIND[check.id] === 'trouble');
  return (
    <section aria-labelledby="dashboard-summary-heading">
      <Heading as="h2" id="dashboard-summary-heading" srOnly>
        Summary
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="4">
        <StatCard
          label="Total Users"
          value={count.format(summary.totalUsers)}
          help={`${count.format(summary.newUsers)} new in this period`}
        />
        <StatCard
          label="Active Requests"
          value={count.format(summary.activeRequests)}
          help={`Pending or under review, of ${count.format(summary.requestsReceived)} received`}
        />
        <StatCard
          label="Inventory Items"
          value={count.format(summary.inventoryItems)}
          help={lowStockNote(summary.lowStockAllocations)}
        />
        <StatCard
          label="System Health"
          value={health.isOperational ? 'Operational' : 'Needs attention'}
          tone={health.isOperational ? 'success' : 'error'}
          help={
            health.isOperational
              ? `All systems operational (${health.total} checks)`
              : failing.map((check) => check.detail).join('; ')
          }
        />
        <WorkWaitingCard dashboard={dashboard} />
      </SimpleGrid>
    </section>
  );
}

function DashboardBody({ dashboard }: { dashboard: AdminDashboard }) {
  const { view } = dashboard;
  const activity =
    view === 'overview'
      ? dashboard.activity
      : dashboard.activity.filter(
          (row) => row.type === (view === 'users' ? 'user' : view === 'requests' ? 'request' : 'inventory'),
        );
  const { trends, shares } = dashboardCharts(dashboard);
  const sharesSection = shares && (
    <Section
      title={shares.title}
      headingId={shares.unit === 'plates' ? 'plate-types-heading' : 'stock-received-heading'}
    >
      <SharesPieChart chart={shares} />
    </Section>
  );
  return (
    <Stack gap="6">
      <SummaryCards dashboard={dashboard} />
      {trends ? (
        <SimpleGrid columns={{ base: 1, lg: view === 'overview' ? 2 : 1 }} gap="6">
          <Section title={trends.title} headingId="monthly-trends-heading">
            <TrendsChart chart={trends} />
          </Section>
          {sharesSection}
        </SimpleGrid>
      ) : (
        sharesSection
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        {(view === 'overview' || view === 'users') && (
          <Section title="User Status" headingId="user-status-heading">
            <UserStatusList dashboard={dashboard} />
          </Section>
        )}
        <Section title="Recent Activity" headingId="recent-activity-heading">
          <ActivityList rows={activity} />
        </Section>
        {view === 'overview' && (
          <Section title="System Health" headingId="system-health-heading">
            <HealthChecks dashboard={dashboard} />
          </Section>
        )}
      </SimpleGrid>
      {view === 'overview' && (
        <Section title="System Logs" headingId="system-logs-heading">
          <RecordsTable
            labelledBy="system-logs-heading"
            rows={dashboard.logs}
            columns={LOG_COLUMNS}
            empty={{
              title: 'No log entries in this period',
              hint: 'Warnings, errors and administrators’ actions appear here.',
            }}
          />
        </Section>
      )}
    </Stack>
  );
}

export function AdminDashboardPage() {
  const [period, setPeriod] = useState<DashboardPeriodId>(DEFAULT_DASHBOARD_PERIOD);
  const [view, setView] = useState<AdminDashboardView>(DEFAULT_ADMIN_DASHBOARD_VIEW);
  const { shown, isOnline, isFetching, failure, refresh } = useAdminDashboard(period, view);
  const dashboard = shown?.dashboard;

  const exportDocument = useMemo(() => (dashboard ? dashboardDocument(dashboard) : null), [dashboard]);

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', md: 'row' }}
      >
        <PageHeader title="System Dashboard" summary="Real-time system insights" />
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Selector
            label="Period"
            options={DASHBOARD_PERIOD_IDS}
            labelOf={periodLabel}
            value={period}
            onChange={setPeriod}
          />
          <Selector
            label="View"
            options={ADMIN_DASHBOARD_VIEWS}
            labelOf={(option) => VIEW_LABELS[option]}
            value={view}
            onChange={setView}
          />
          <Button variant="outline" onClick={refresh} disabled={!isOnline || isFetching}>
            Refresh
          </Button>
          <ExportMenu
            label="Export"
            what={`${VIEW_LABELS[dashboard?.view ?? view]} report`}
            document={exportDocument}
          />
        </Flex>
      </Flex>
      {shown !== undefined && (
        <FetchedFreshness
          what="dashboard"
          fetchedAt={shown?.fetchedAt ?? null}
          isOnline={isOnline}
          isFetching={isFetching}
          failure={failure}
        />
      )}
      {dashboard && (
        <Text fontSize="sm" color="fg.muted">
          {periodLabel(dashboard.period)}: <time dateTime={dashboard.from}>{formatDateTime(dashboard.from)}</time> to{' '}
          <time dateTime={dashboard.to}>{formatDateTime(dashboard.to)}</time>
        </Text>
      )}
      {dashboard ? (
        <DashboardBody dashboard={dashboard} />
      ) : (
        (shown === undefined || isFetching) && <LoadingNote>Loading the dashboard…</LoadingNote>
      )}
    </Stack>
  );
}
