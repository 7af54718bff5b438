/**
 * The dashboard's two charts: monthly trends (bars) and plate types (pie, with each
 * slice's percentage written on it); the reports' monthly trends are a line chart. chart.js and react-chartjs-2 are imported here, when
 * a chart first renders, so no other page carries them. Each chart's data is also a
 * table (in a disclosure under the chart) that screen readers and keyboards reach; the
 * canvas itself is an image with a one-line summary.
 */
import type { MonthlyTrend, Share } from '#domain/reports/admin-dashboard';
import type { MonthlyReportTrend } from '#domain/reports/admin-report';
import { Box, Flex, Spinner, Table, Text } from '@chakra-ui/react';
import type { Chart, ChartData, ChartOptions, Plugin } from 'chart.js';
import { type ReactNode, useEffect, useState } from 'react';
import type { Bar as BarChart, Line as LineChart, Pie as PieChart } from 'react-chartjs-2';

type ChartModules = { Bar: typeof BarChart; Line: typeof LineChart; Pie: typeof PieChart };

/** Loaded once per page visit; chart.js is registered with only the parts these charts use. */
let loading: Promise<ChartModules> | null = null;
function loadCharts(): Promise<ChartModules> {
  loading ??= Promise.all([import('chart.js'), import('react-chartjs-2')]).then(([chart, react]) => {
    chart.Chart.register(
      chart.BarController,
      chart.BarElement,
      chart.CategoryScale,
      chart.LinearScale,
      chart.PieController,
      chart.ArcElement,
      chart.LineController,
      chart.LineElement,
      chart.PointElement,
      chart.Legend,
      chart.Tooltip,
    );
    return { Bar: react.Bar, Line: react.Line, Pie: react.Pie };
  });
  return loading;
}

function useCharts(): ChartModules | 'failed' | null {
  const [modules, setModules] = useState<ChartModules | 'failed' | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadCharts().then(
      (loaded) => isCurrent && setModules(loaded),
      () => isCurrent && setModules('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return modules;
}

/** Colours readable on white, distinct for the colour-blind in their order (Okabe–Ito). */
const SERIES_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 2026-11 → Nov 2026. */
export function formatMonth(month: string): string {
  const time = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isNaN(time) ? month : monthName.format(time);
}

/** Writes each slice's percentage on it (chart.js draws no labels on slices by itself); too-thin slices are left to the legend. */
const slicePercentages = (shares: readonly Share[]): Plugin<'pie'> => ({
  id: 'slicePercentages',
  afterDatasetsDraw(chart: Chart<'pie'>) {
    const { ctx } = chart;
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 13px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    chart.getDatasetMeta(0).data.forEach((arc, index) => {
      const share = shares[index];
      if (!share || share.percentage < 5) return;
      const { x, y } = arc.tooltipPosition(true);
      if (x === null || y === null) return;
      ctx.fillText(`${share.percentage}%`, x, y);
    });
    ctx.restore();
  },
});

function ChartFrame({ label, children, table }: { label: string; children: ReactNode; table: ReactNode }) {
  const modules = useCharts();
  return (
    <Box minW="0">
      {/* The frame is the image and names it; the canvas inside is hidden, its data being in the table below. */}
      <Box position="relative" h={{ base: '64', md: '72' }} w="full" role="img" aria-label={label}>
        {modules === null && (
          <Flex h="full" align="center" justify="center" gap="2">
            <Spinner size="sm" />
            <Text color="fg.muted">Loading the chart…</Text>
          </Flex>
        )}
        {modules === 'failed' && (
          <Flex h="full" align="center" justify="center">
            <Text color="fg.muted">The chart could not be drawn; the figures are in the table below.</Text>
          </Flex>
        )}
        {modules !== null && modules !== 'failed' && children}
      </Box>
      <Box as="details" mt="2">
        <Box as="summary" cursor="pointer" fontSize="sm" color="fg.muted">
          Show the data as a table
        </Box>
        <Box mt="2" overflowX="auto">
          {table}
        </Box>
      </Box>
    </Box>
  );
}

/** Renders the chart only once chart.js has loaded (ChartFrame shows a spinner meanwhile). */
function WithCharts({ render }: { render: (modules: ChartModules) => ReactNode }) {
  const modules = useCharts();
  return modules === null || modules === 'failed' ? null : <>{render(modules)}</>;
}

const TREND_NAMES = { users: 'New users', requests: 'Requests', inventory: 'Inventory received' } as const;
type TrendSeries = keyof typeof TREND_NAMES;
/** A month's figures: the dashboard's (users, requests) or the reports' (and inventory). */
type MonthRow<Series extends TrendSeries> = { month: string } & Record<Series, number>;

/** A monthly chart's one-line text equivalent: what it draws and every month's figures. */
function monthlySummary<Series extends TrendSeries>(
  kind: 'Bar chart' | 'Line chart',
  rows: readonly MonthRow<Series>[],
  series: readonly Series[],
  namesJoin: string,
): string {
  const named = (name: Series) => TREND_NAMES[name].toLowerCase();
  return `${kind}: ${series.map(named).join(namesJoin)} per month, ${rows.map((row) => `${formatMonth(row.month)}: ${series.map((name) => `${row[name]} ${named(name)}`).join(', ')}`).join('; ')}.`;
}

/** A monthly chart's figures as a table, for screen readers and keyboards. */
function MonthlyTable<Series extends TrendSeries>({
  rows,
  series,
}: {
  rows: readonly MonthRow<Series>[];
  series: readonly Series[];
}) {
  return (
    <Table.Root size="sm">
      <Table.Caption>Monthly trends</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader scope="col">Month</Table.ColumnHeader>
          {series.map((name) => (
            <Table.ColumnHeader key={name} scope="col" textAlign="end">
              {TREND_NAMES[name]}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.month}>
            <Table.Cell as="th" scope="row">
              {formatMonth(row.month)}
            </Table.Cell>
            {series.map((name) => (
              <Table.Cell key={name} textAlign="end">
                {row[name]}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function MonthlyTrendsChart({
  rows,
  series,
}: {
  rows: readonly MonthlyTrend[];
  series: readonly ('users' | 'requests')[];
}) {
  const data: ChartData<'bar'> = {
    labels: rows.map((row) => formatMonth(row.month)),
    datasets: series.map((name, index) => ({
      label: TREND_NAMES[name],
      data: rows.map((row) => row[name]),
      backgroundColor: SERIES_COLOURS[index],
      borderRadius: 4,
    })),
  };
  // The spec's bar gap (4) and category gap (10%); 400 ms animation for bars.
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 400 },
    datasets: { bar: { categoryPercentage: 0.9, barPercentage: 0.95 } },
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    plugins: { legend: { position: 'bottom' } },
  };
  const label = monthlySummary('Bar chart', rows, series, ' and ');
  return (
    <ChartFrame label={label} table={<MonthlyTable rows={rows} series={series} />}>
      <WithCharts render={({ Bar }) => <Bar data={data} options={options} aria-hidden />} />
    </ChartFrame>
  );
}

export function SharesPieChart({ title, shares, unit }: { title: string; shares: readonly Share[]; unit: string }) {
  const data: ChartData<'pie'> = {
    labels: shares.map((share) => `${share.name} (${share.percentage}%)`),
    datasets: [
      {
        data: shares.map((share) => share.value),
        backgroundColor: shares.map((_, index) => SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#000000'),
        borderColor: '#ffffff',
      },
    ],
  };
  // The spec's pie animation: 1500 ms.
  const options: ChartOptions<'pie'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 1500 },
    plugins: { legend: { position: 'bottom' } },
  };
  const label = `Pie chart of ${title.toLowerCase()}: ${shares.map((share) => `${share.name} ${share.value} ${unit} (${share.percentage}%)`).join(', ')}.`;
  return (
    <ChartFrame
      label={label}
      table={
        <Table.Root size="sm">
          <Table.Caption>{title}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Name</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                {unit.charAt(0).toUpperCase() + unit.slice(1)}
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                Share
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shares.map((share) => (
              <Table.Row key={share.name}>
                <Table.Cell as="th" scope="row">
                  {share.name}
                </Table.Cell>
                <Table.Cell textAlign="end">{share.value}</Table.Cell>
                <Table.Cell textAlign="end">{share.percentage}%</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      }
    >
      <WithCharts
        render={({ Pie }) => <Pie data={data} options={options} plugins={[slicePercentages(shares)]} aria-hidden />}
      />
    </ChartFrame>
  );
}

/** The reports' monthly trends: one line per figure, with the same table under it as the bars. */
export function MonthlyTrendsLineChart({
  rows,
  series,
}: {
  rows: readonly MonthlyReportTrend[];
  series: readonly TrendSeries[];
}) {
  const data: ChartData<'line'> = {
    labels: rows.map((row) => formatMonth(row.month)),
    datasets: series.map((name, index) => ({
      label: TREND_NAMES[name],
      data: rows.map((row) => row[name]),
      borderColor: SERIES_COLOURS[index],
      backgroundColor: SERIES_COLOURS[index],
      tension: 0.3,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 400 },
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    plugins: { legend: { position: 'bottom' } },
  };
  const label = monthlySummary('Line chart', rows, series, ', ');
  return (
    <ChartFrame label={label} table={<MonthlyTable rows={rows} series={series} />}>
      <WithCharts render={({ Line }) => <Line data={data} options={options} aria-hidden />} />
    </ChartFrame>
  );
}
