/**
 * Reports & Analytics (spec: "Admin: Reports & Analytics"): the System Dashboard's figures
 * for a period of up to a year, each summary figure compared with the previous period of
 * the same length (computed on the server), monthly trends as lines, and the dashboard's
 * pie, lists and log table for the chosen report type. Export Report saves the report shown
 * as a CSV or PDF file made on this device; of the Quick Report Actions, the inventory
 * figures are saved the same way, while the whole user list and every log row of the
 * period are CSV files the server streams (they need a connection). Every file is named
 * with its period. The last answer stays on the device, so the page reads offline, marked
 * with when it was fetched.
 */
import {
  type AdminReport,
  changeText,
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_TYPE,
  QUICK_EXPORT_LABELS,
  QUICK_EXPORTS,
  quickExportDocument,
  REPORT_PERIOD_IDS,
  REPORT_TYPE_VIEWS,
  REPORT_TYPES,
  type ReportFigures,
  type ReportPeriodId,
  type ReportType,
  reportCharts,
  reportDocument,
  reportPeriodLabel,
  refundsLine,
} from '#domain/reports/admin-report';
import { healthVerdict, lowStockNote } from '#domain/reports/admin-dashboard';
import type { StreamedExport } from '#domain/reports/report-exports';
import { Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { FetchedFreshness } from '../../components/fetched-freshness';
import { formatDateTime } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { RecordsTable } from '../../components/records-table';
import { showToast } from '../../components/toast';
import { StatCard } from '../../components/stat-card';
import {
  ActivityList,
  HealthChecks,
  LOG_COLUMNS,
  Selector,
  UserStatusList,
  WorkWaitingCard,
} from '../../reports/dashboard-parts';
import { SharesPieChart, TrendsChart } from '../../reports/dashboard-charts';
import { ExportMenu } from '../../reports/export-menu';
import { saveReportFile } from '../../reports/report-downloads';
import { STREAMED_EXPORT_NEEDS_CONNECTION, streamedExportUrl } from './admin-reports-api';
import { useAdminReport } from './use-admin-report';

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
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="4">
        <StatCard
          label="Total Users"
          value={count.format(summary.totalUsers)}
          help={`${count.format(summary.newUsers)} new: ${compared(report, 'newUsers')}`}
        />
        <StatCard
          label="Active Requests"
          value={count.format(summary.activeRequests)}
          help={`${compared(report, 'activeRequests')}; ${count.format(summary.requestsReceived)} received: ${compared(report, 'requestsReceived')}`}
        />
        <StatCard
          label="Inventory Items"
          value={count.format(summary.inventoryItems)}
          help={`${compared(report, 'inventoryItems')}; ${lowStockNote(summary.lowStockAllocations).toLowerCase()}`}
        />
        <StatCard
          label="System Health"
          value={health.isOperational ? 'Operational' : 'Needs attention'}
          tone={health.isOperational ? 'success' : 'error'}
          help={
            health.isOperational
              ? `All systems operational (${health.total} checks)`
              : `${health.passing} of ${health.total} checks passing`
          }
        />
        <WorkWaitingCard dashboard={report} />
      </SimpleGrid>
      {report.refunds && (
        <Text fontSize="sm" color="fg.muted" mt="2">
          Refunds: {refundsLine(report.refunds)}.
        </Text>
      )}
    </section>
  );
}

function ReportBody({ report }: { report: AdminReport }) {
  const view = REPORT_TYPE_VIEWS[report.type];
  const activityType =
    view === 'users' ? 'user' : view === 'requests' ? 'request' : view === 'inventory' ? 'inventory' : null;
  const activity = activityType ? report.activity.filter((row) => row.type === activityType) : report.activity;
  const { trends, shares } = reportCharts(report);
  return (
    <Stack gap="6">
      <ReportSummary report={report} />
      {trends && (
        <SimpleGrid columns={{ base: 1, lg: shares ? 2 : 1 }} gap="6">
          <Section title={trends.title} headingId="report-trends-heading">
            <TrendsChart chart={trends} />
          </Section>
          {shares && (
            <Section
              title={shares.title}
              headingId={shares.unit === 'plates' ? 'report-plate-types-heading' : 'report-stock-heading'}
            >
              <SharesPieChart chart={shares} />
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
          <RecordsTable
            labelledBy="report-logs-heading"
            rows={report.logs}
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

/** A quick export the server streams: a download link while online; offline, a disabled button that says why. */
function StreamedExportButton({
  kind,
  report,
  isOnline,
}: {
  kind: StreamedExport;
  report: AdminReport;
  isOnline: boolean;
}) {
  const label = `Export ${QUICK_EXPORT_LABELS[kind]}`;
  if (!isOnline) {
    return (
      <Button
        variant="outline"
        disabled
        whiteSpace="normal"
        h="auto"
        minH="10"
        py="2"
        maxW="full"
        title={STREAMED_EXPORT_NEEDS_CONNECTION}
      >
        {`${label} (needs a connection)`}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <a
        href={streamedExportUrl(kind, report.period)}
        download
        onClick={() =>
          showToast({
            type: 'info',
            title: `${QUICK_EXPORT_LABELS[kind]} (${reportPeriodLabel(report.period)}) is downloading`,
            description: 'Your browser saves the file as the server sends it.',
          })
        }
      >
        {label}
      </a>
    </Button>
  );
}

async function saveInventoryReport(report: AdminReport) {
  const fileName = await saveReportFile(quickExportDocument(report, 'inventory'), 'csv');
  showToast({ type: 'success', title: `${QUICK_EXPORT_LABELS.inventory} saved as ${fileName}` });
}

export function AdminReportsPage() {
  const [period, setPeriod] = useState<ReportPeriodId>(DEFAULT_REPORT_PERIOD);
  const [type, setType] = useState<ReportType>(DEFAULT_REPORT_TYPE);
  const { shown, isOnline, isFetching, failure, refresh } = useAdminReport(period, type);
  const report = shown?.report;

  const exportDocument = useMemo(() => (report ? reportDocument(report) : null), [report]);

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', md: 'row' }}
      >
        <PageHeader title="Reports & Analytics" summary="System figures over time, compared with the previous period" />
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Selector
            label="Period"
            options={REPORT_PERIOD_IDS}
            labelOf={reportPeriodLabel}
            value={period}
            onChange={setPeriod}
          />
          <Selector
            label="Report type"
            options={REPORT_TYPES}
            labelOf={(option) => option}
            value={type}
            onChange={setType}
          />
          <Button variant="outline" onClick={refresh} disabled={!isOnline || isFetching}>
            Refresh
          </Button>
          <ExportMenu label="Export Report" what={report?.type ?? 'Report'} document={exportDocument} />
        </Flex>
      </Flex>
      {shown !== undefined && (
        <FetchedFreshness
          what="report"
          fetchedAt={shown?.fetchedAt ?? null}
          isOnline={isOnline}
          isFetching={isFetching}
          failure={failure}
        />
      )}
      {report && (
        <Text fontSize="sm" color="fg.muted">
          {reportPeriodLabel(report.period)}: <time dateTime={report.from}>{formatDateTime(report.from)}</time> to{' '}
          <time dateTime={report.to}>{formatDateTime(report.to)}</time>, compared with{' '}
          <time dateTime={report.previous.from}>{formatDateTime(report.previous.from)}</time> to{' '}
          <time dateTime={report.previous.to}>{formatDateTime(report.previous.to)}</time>
        </Text>
      )}
      {report ? (
        <>
          <ReportBody report={report} />
          <Section title="Quick Report Actions" headingId="quick-report-actions-heading">
            <Flex gap="3" wrap="wrap">
              {QUICK_EXPORTS.map((kind) =>
                kind === 'inventory' ? (
                  <Button key={kind} variant="outline" onClick={() => void saveInventoryReport(report)}>
                    {`Export ${QUICK_EXPORT_LABELS[kind]}`}
                  </Button>
                ) : (
                  <StreamedExportButton key={kind} kind={kind} report={report} isOnline={isOnline} />
                ),
              )}
            </Flex>
            <Text fontSize="sm" color="fg.muted" mt="3">
              The user report lists every account created in the period and the system logs every log row of the period,
              as CSV files made by the server. The inventory report is the figures shown above.
            </Text>
          </Section>
        </>
      ) : (
        (shown === undefined || isFetching) && <LoadingNote>Loading the report…</LoadingNote>
      )}
    </Stack>
  );
}
