/**
 * The dashboard's two charts: monthly trends (bars) and plate types (pie, with each
 * slice's percentage written on it); the reports' monthly trends are a line chart. Each is
 * drawn from a chart the domain computes (dashboardCharts, reportCharts), which the PDF
 * draws too. chart.js and react-chartjs-2 are imported here, when
 * a chart first renders, so no other page carries them. Each chart's data is also a
 * table (in a disclosure under the chart) that screen readers and keyboards reach; the
 * canvas itself is an image with a one-line summary.
 */
import { CHART_COLOURS, formatMonth, type Share, type ShareChart, type TrendChart } from '#domain/reports/report-chart';
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

const SERIES_COLOURS = CHART_COLOURS;

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

/** A monthly chart's one-line text equivalent: what it draws and every month's figures. */
function trendSummary(chart: TrendChart): string {
  const names = chart.series.map((series) => series.name.toLowerCase());
  const kind = chart.kind === 'bar' ? 'Bar chart' : 'Line chart';
  return `${kind}: ${names.join(chart.kind === 'bar' ? ' and ' : ', ')} per month, ${chart.months.map((month, index) => `${formatMonth(month)}: ${chart.series.map((series, at) => `${series.values[index] ?? 0} ${names[at]}`).join(', ')}`).join('; ')}.`;
}

/** A monthly chart's figures as a table, for screen readers and keyboards. */
function TrendTable({ chart }: { chart: TrendChart }) {
  return (
    <Table.Root size="sm">
      <Table.Caption>Monthly trends</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader scope="col">Month</Table.ColumnHeader>
          {chart.series.map((series) => (
            <Table.ColumnHeader key={series.name} scope="col" textAlign="end">
              {series.name}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {chart.months.map((month, index) => (
          <Table.Row key={month}>
            <Table.Cell as="th" scope="row">
              {formatMonth(month)}
            </Table.Cell>
            {chart.series.map((series) => (
              <Table.Cell key={series.name} textAlign="end">
                {series.values[index] ?? 0}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Monthly trends as the chart says: bars (the dashboard, with the spec's gaps) or lines (the reports). */
export function TrendsChart({ chart }: { chart: TrendChart }) {
  const labels = chart.months.map(formatMonth);
  const scales = { y: { beginAtZero: true, ticks: { precision: 0 } } };
  const label = trendSummary(chart);
  if (chart.kind === 'bar') {
    const data: ChartData<'bar'> = {
      labels,
      datasets: chart.series.map((series, index) => ({
        label: series.name,
        data: [...series.values],
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
      scales,
      plugins: { legend: { position: 'bottom' } },
    };
    return (
      <ChartFrame label={label} table={<TrendTable chart={chart} />}>
        <WithCharts render={({ Bar }) => <Bar data={data} options={options} aria-hidden />} />
      </ChartFrame>
    );
  }
  const data: ChartData<'line'> = {
    labels,
    datasets: chart.series.map((series, index) => ({
      label: series.name,
      data: [...series.values],
      borderColor: SERIES_COLOURS[index],
      backgroundColor: SERIES_COLOURS[index],
      tension: 0.3,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 400 },
    scales,
    plugins: { legend: { position: 'bottom' } },
  };
  return (
    <ChartFrame label={label} table={<TrendTable chart={chart} />}>
      <WithCharts render={({ Line }) => <Line data={data} options={options} aria-hidden />} />
    </ChartFrame>
  );
}

/** A pie of shares, or the chart's words for nothing to share out. */
export function SharesPieChart({ chart }: { chart: ShareChart }) {
  const { caption: title, shares, unit } = chart;
  if (shares.length === 0) return <Text color="fg.muted">{chart.emptyText}</Text>;
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
