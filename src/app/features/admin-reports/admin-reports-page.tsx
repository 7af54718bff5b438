/**
 * Reports & Analytics (spec: "Admin: Reports & Analytics"): the System Dashboard's figures
 * for a period of up to a year, each summary figure compared with the previous period of
 * the same length (computed on the server), monthly trends as lines, and the dashboard's
 * pie, lists and log table for the chosen report type. Export Report and the Quick Report
 * Actions save CSV files named with their period. The last answer stays on the device, so
 * the page reads offline, marked with when it was fetched.
 */
import {
  type AdminReport,
  changeText,
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_TYPE,
  QUICK_EXPORT_LABELS,
  QUICK_EXPORTS,
  type QuickExport,
  quickExportCsv,
  REPORT_PERIOD_IDS,
  REPORT_TYPE_VIEWS,
  REPORT_TYPES,
  type ReportFigures,
  type ReportPeriodId,
  type ReportType,
  reportCsv,
  reportCsvFileName,
  reportPeriodLabel,
} from '#domain/reports/admin-report';
import { healthVerdict, LOW_STOCK_THRESHOLD } from '#domain/reports/admin-dashboard';
import { Alert, Button, Flex, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { RecordsTable } from '../../components/records-table';
import { showToast } from '../../components/toast';
import { saveFile } from '../certificates/plate-downloads';
import { ActivityList, HealthChecks, LOG_COLUMNS, Selector, SummaryCard, UserStatusList } from '../admin-dashboard/admin-dashboard-page';
import { MonthlyTrendsLineChart, SharesPieChart } from '../admin-dashboard/dashboard-charts';
import { type CachedReport, useAdminReport } from './use-admin-report';

const count = new Intl.NumberFormat('en-GB');

/** "Up 20% on the previous period (10)": the figure's change, with the previous figure it is measured from. */
function compared(report: AdminReport, figure: keyof ReportFigures): string {
  return `${changeText(report.summary[figure], report.previous[figure])} (${count.format(report.previous[figure])})`;
}

function ReportSummary({ report }: { report: AdminReport }) {
  const { summary } = report;
  const health = healthVerdict(summary.health.checks);
  return (
    <section aria-label="Summary">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <SummaryCard label="Total Users" value={count.format(summary.totalUsers)} note={`${count.format(summary.newUsers)} new: ${compared(report, 'newUsers')}`} />
        <SummaryCard label="Active Requests" value={count.format(summary.activeRequests)} note={`${compared(report, 'activeRequests')}; ${count.format(summary.requestsReceived)} received: ${compared(report, 'requestsReceived')}`} />
        <SummaryCard
          label="Inventory Items"
          value={count.format(summary.inventoryItems)}
          note={`${compared(report, 'inventoryItems')}; ${summary.lowStockShops === 0 ? 'no plate maker low on stock' : `${count.format(summary.lowStockShops)} low stock (under ${LOW_STOCK_THRESHOLD} blanks received)`}`}
        />
        <SummaryCard
          label="System Health"
          value={health.isOperational ? 'Operational' : 'Needs attention'}
          tone={health.isOperational ? 'success' : 'error'}
          note={health.isOperational ? `All systems operational (${health.total} checks)` : `${health.passing} of ${health.total} checks passing`}
        />
      </SimpleGrid>
    </section>
  );
}

function ReportBody({ report }: { report: AdminReport }) {
  const view = REPORT_TYPE_VIEWS[report.type];
  const activityType = view === 'users' ? 'user' : view === 'requests' ? 'request' : view === 'inventory' ? 'inventory' : null;
  const activity = activityType ? report.activity.filter((row) => row.type === activityType) : report.activity;
  const series = view === 'users' ? (['users'] as const) : view === 'requests' ? (['requests'] as const) : view === 'inventory' ? (['inventory'] as const) : (['users', 'requests', 'inventory'] as const);
  return (
    <Stack gap="6">
      <ReportSummary report={report} />
      {view !== 'system' && (
        <SimpleGrid columns={{ base: 1, lg: view === 'users' ? 1 : 2 }} gap="6">
          <Section title="Monthly Trends" headingId="report-trends-heading">
            <MonthlyTrendsLineChart rows={report.monthly} series={series} />
          </Section>
          {(view === 'overview' || view === 'requests') && (
            <Section title="Plate Type Distribution" headingId="report-plate-types-heading">
              {report.plateTypes.length === 0 ? <Text color="fg.muted">No plates requested in this period.</Text> : <SharesPieChart title="Plates requested by type" shares={report.plateTypes} unit="plates" />}
            </Section>
          )}
          {view === 'inventory' && (
            <Section title="Stock Received" headingId="report-stock-heading">
              {report.inventoryByType.length === 0 ? <Text color="fg.muted">No stock received by plate makers in this period.</Text> : <SharesPieChart title="Stock received by item type" shares={report.inventoryByType} unit="items" />}
            </Section>
          )}
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        {(view === 'overview' || view === 'users') && (
          <Section title="User Status Overview" headingId="report-user-status-heading">
            <UserStatusList dashboard={report} />
          </Section>
        )}
        {view === 'system' ? (
          <Section title="System Health" headingId="report-health-heading">
            <HealthChecks dashboard={report} />
          </Section>
        ) : (
          <Section title="Recent Activity" headingId="report-activity-heading">
            <ActivityList rows={activity} />
          </Section>
        )}
      </SimpleGrid>
      {(view === 'overview' || view === 'system') && (
        <Section title="System Logs" headingId="report-logs-heading">
          <RecordsTable labelledBy="report-logs-heading" rows={report.logs} columns={LOG_COLUMNS} empty={{ title: 'No log entries in this period', hint: 'Warnings, errors and administrators’ actions appear here.' }} />
        </Section>
      )}
    </Stack>
  );
}

function ReportFreshness({ shown, isOnline, isFetching, failure }: { shown: CachedReport | null; isOnline: boolean; isFetching: boolean; failure: string | null }) {
  const asOf = shown ? formatDateTime(new Date(shown.fetchedAt).toISOString()) : null;
  if (!isOnline) {
    return (
      <Alert.Root status="info" data-testid="offline-as-of">
        <Alert.Indicator />
        <Alert.Description>
          {asOf ? `This device is offline: the report is shown as of ${asOf}, when it was last fetched. It is brought up to date when this device is back online.` : 'This device is offline and has not fetched this report yet. It is shown when this device is back online.'}
        </Alert.Description>
      </Alert.Root>
    );
  }
  if (failure) {
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Description>
          {failure}
          {asOf ? ` The figures shown are as of ${asOf}.` : ''}
        </Alert.Description>
      </Alert.Root>
    );
  }
  if (isFetching && shown) {
    return (
      <HStack gap="2" color="fg.muted" fontSize="sm" role="status">
        <Spinner size="xs" />
        <Text>Updating… figures shown as of {asOf}.</Text>
      </HStack>
    );
  }
  return null;
}

function saveCsv(text: string, fileName: string, title: string) {
  saveFile(new TextEncoder().encode(text), 'text/csv;charset=utf-8', fileName);
  showToast({ type: 'success', title: `${title} saved as ${fileName}` });
}

export function AdminReportsPage() {
  const [period, setPeriod] = useState<ReportPeriodId>(DEFAULT_REPORT_PERIOD);
  const [type, setType] = useState<ReportType>(DEFAULT_REPORT_TYPE);
  const { shown, isOnline, isFetching, failure, refresh } = useAdminReport(period, type);
  const report = shown?.report;

  const exportReport = () => report && saveCsv(reportCsv(report), reportCsvFileName(report), report.type);
  const quickExport = (kind: QuickExport) => report && saveCsv(quickExportCsv(report, kind), reportCsvFileName(report, kind), QUICK_EXPORT_LABELS[kind]);

  return (
    <Stack gap="6">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="4" direction={{ base: 'column', md: 'row' }}>
        <PageHeader title="Reports & Analytics" summary="System figures over time, compared with the previous period" />
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Selector label="Period" options={REPORT_PERIOD_IDS} labelOf={reportPeriodLabel} value={period} onChange={setPeriod} />
          <Selector label="Report type" options={REPORT_TYPES} labelOf={(option) => option} value={type} onChange={setType} />
          <Button variant="outline" onClick={refresh} disabled={!isOnline || isFetching}>
            Refresh
          </Button>
          <Button colorPalette="brand" onClick={exportReport} disabled={!report}>
            Export Report
          </Button>
        </Flex>
      </Flex>
      {shown !== undefined && <ReportFreshness shown={shown} isOnline={isOnline} isFetching={isFetching} failure={failure} />}
      {report && (
        <Text fontSize="sm" color="fg.muted">
          {reportPeriodLabel(report.period)}: <time dateTime={report.from}>{formatDateTime(report.from)}</time> to <time dateTime={report.to}>{formatDateTime(report.to)}</time>, compared with{' '}
          <time dateTime={report.previous.from}>{formatDateTime(report.previous.from)}</time> to <time dateTime={report.previous.to}>{formatDateTime(report.previous.to)}</time>
        </Text>
      )}
      {report ? (
        <>
          <ReportBody report={report} />
          <Section title="Quick Report Actions" headingId="quick-report-actions-heading">
            <Flex gap="3" wrap="wrap">
              {QUICK_EXPORTS.map((kind) => (
                <Button key={kind} variant="outline" onClick={() => quickExport(kind)}>
                  Export {QUICK_EXPORT_LABELS[kind]}
                </Button>
              ))}
            </Flex>
          </Section>
        </>
      ) : (
        (shown === undefined || isFetching) && (
          <Flex justify="center" align="center" gap="3" py="10" role="status">
            <Spinner color="brand.600" />
            <Text color="fg.muted">Loading the report…</Text>
          </Flex>
        )
      )}
    </Stack>
  );
}
