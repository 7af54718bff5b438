/**
 * A chart as a report shows it, apart from how it is drawn: monthly figures as bars or
 * lines, shares as a pie. The page draws these with chart.js and the PDF with its own
 * shapes, from the same figures, and the layout a PDF needs (bar heights, line points, pie
 * angles, the value axis) is worked out here as plain numbers so it can be tested alone.
 */

export interface TrendSeries {
  /** 'New users', 'Requests', 'Inventory received'. */
  name: string;
  /** One figure a month, in the order of `months`. */
  values: readonly number[];
}

export interface TrendChart {
  kind: 'bar' | 'line';
  /** 'Monthly Trends', as the section on the page is headed. */
  title: string;
  /** YYYY-MM, oldest first. */
  months: readonly string[];
  series: readonly TrendSeries[];
}

/** One slice of a whole: a plate type's or a stock's part. */
export interface Share {
  name: string;
  value: number;
  /** Whole percent; the shares of one list add up to 100 (0 when the list is empty). */
  percentage: number;
}

export interface ShareChart {
  kind: 'pie';
  /** The section's heading: 'Plate Type Distribution'. */
  title: string;
  /** What the pie shows, in a sentence's words: 'Plates requested by type'. */
  caption: string;
  /** What the pie counts: 'plates', 'items'. */
  unit: string;
  shares: readonly Share[];
  /** Said instead of the pie when there is nothing to share out. */
  emptyText: string;
}

export type ReportChart = TrendChart | ShareChart;

export const TREND_NAMES = { users: 'New users', requests: 'Requests', inventory: 'Inventory received' } as const;
export type TrendKey = keyof typeof TREND_NAMES;

/** Monthly rows (the dashboard's or a report's) as a chart of the named figures. */
export function trendChart<Key extends TrendKey>(
  kind: TrendChart['kind'],
  rows: readonly ({ month: string } & Record<Key, number>)[],
  keys: readonly Key[],
): TrendChart {
  return {
    kind,
    title: 'Monthly Trends',
    months: rows.map((row) => row.month),
    series: keys.map((key) => ({ name: TREND_NAMES[key], values: rows.map((row) => row[key]) })),
  };
}

/** Colours readable on white, distinct for the colour-blind in their order (Okabe–Ito): the screen's and the PDF's. */
export const CHART_COLOURS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
] as const;

/** The axis titles a monthly chart carries on paper. */
export const TREND_AXIS = { x: 'Month', y: 'Count' } as const;
export const NO_DATA = 'No data';

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 2026-11 → Nov 2026. */
export function formatMonth(month: string): string {
  const time = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isNaN(time) ? month : monthName.format(time);
}

/** Whether the chart has nothing to draw: no months, or every figure zero (no slice, no bar above the axis). */
export function isEmptyChart(chart: ReportChart): boolean {
  if (chart.kind === 'pie') return !chart.shares.some((share) => share.value > 0);
  return chart.months.length === 0 || !chart.series.some((series) => series.values.some((value) => value > 0));
}

/** A figure read as a count: anything not a finite positive number counts as nothing. */
const figure = (value: number | undefined): number =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;

export interface ValueScale {
  /** The axis's top value: at least the largest figure, a round number. */
  top: number;
  /** The values the axis is marked at, 0 first, `top` last. */
  ticks: number[];
}

/** A value axis from 0 to a round number at or above `max`, in 1, 2 or 5 steps of a power of ten, whole numbers only. */
export function valueScale(max: number, targetTicks = 5): ValueScale {
  const highest = figure(max);
  if (highest === 0) return { top: 1, ticks: [0, 1] };
  const rough = highest / targetTicks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 1);
  const top = Math.ceil(highest / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { top, ticks };
}

export interface PlotArea {
  /** Bottom-left corner and size, in the drawing's units (y up, as in PDF). */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BarShape {
  series: number;
  month: number;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Largest figure of a trend chart. */
const trendMax = (chart: TrendChart) =>
  Math.max(0, ...chart.series.flatMap((series) => series.values.map((value) => figure(value))));

/**
 * A trend chart's bars: one group a month, one bar a series in the group, standing on the
 * plot's floor with heights in proportion to the figures on `valueScale`'s axis. The groups
 * leave a tenth of their width free, as the page's bars do.
 */
export function barLayout(chart: TrendChart, plot: PlotArea): BarShape[] {
  const months = chart.months.length;
  const seriesCount = chart.series.length;
  if (months === 0 || seriesCount === 0) return [];
  const { top } = valueScale(trendMax(chart));
  const group = plot.width / months;
  const barWidth = (group * 0.9) / seriesCount;
  return chart.months.flatMap((_, month) =>
    chart.series.map((series, index) => {
      const value = figure(series.values[month]);
      return {
        series: index,
        month,
        value,
        x: plot.x + month * group + group * 0.05 + index * barWidth,
        y: plot.y,
        width: barWidth,
        height: (value / top) * plot.height,
      };
    }),
  );
}

export interface LinePoint {
  month: number;
  value: number;
  x: number;
  y: number;
}

/** A trend chart's lines: each series' points at the middle of its month, at the height of its figure. */
export function lineLayout(chart: TrendChart, plot: PlotArea): LinePoint[][] {
  const months = chart.months.length;
  if (months === 0) return chart.series.map(() => []);
  const { top } = valueScale(trendMax(chart));
  const step = plot.width / months;
  return chart.series.map((series) =>
    chart.months.map((_, month) => {
      const value = figure(series.values[month]);
      return { month, value, x: plot.x + (month + 0.5) * step, y: plot.y + (value / top) * plot.height };
    }),
  );
}

export interface PieSlice {
  share: number;
  /** Radians, clockwise from twelve o'clock. */
  start: number;
  end: number;
}

/** A pie's slices, clockwise from the top in the shares' order, each as wide as its figure's part of the whole; empty shares get none. */
export function pieLayout(values: readonly number[]): PieSlice[] {
  const total = values.reduce((sum, value) => sum + figure(value), 0);
  if (total === 0) return [];
  const slices: PieSlice[] = [];
  let start = 0;
  values.forEach((value, share) => {
    const part = figure(value);
    if (part === 0) return;
    const end = start + (part / total) * 2 * Math.PI;
    slices.push({ share, start, end });
    start = end;
  });
  return slices;
}

/**
 * The pie a view shows beside its trends, the same on the System Dashboard and in Reports:
 * the plates requested by type (overview, requests: `plateTypesTitle`, as each page names it) or
 * the stock received by item type (inventory); none for the other views.
 */
export function viewShareChart(
  view: string,
  figures: { plateTypes: readonly Share[]; inventoryByType: readonly Share[] },
  plateTypesTitle: string,
): ShareChart | null {
  if (view === 'overview' || view === 'requests')
    return {
      kind: 'pie',
      title: plateTypesTitle,
      caption: 'Plates requested by type',
      unit: 'plates',
      shares: figures.plateTypes,
      emptyText: 'No plates requested in this period.',
    };
  if (view === 'inventory')
    return {
      kind: 'pie',
      title: 'Stock Received',
      caption: 'Stock received by item type',
      unit: 'items',
      shares: figures.inventoryByType,
      emptyText: 'No stock received by plate makers in this period.',
    };
  return null;
}
