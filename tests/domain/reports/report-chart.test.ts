/**
 * The chart layout the PDF draws from: bars stand in the plot with heights in proportion to
 * their figures, lines' points stay inside it, pie slices go once round in the shares' order,
 * the value axis is round and covers the largest figure, and nothing comes out NaN, for any
 * non-negative figures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barLayout,
  isEmptyChart,
  lineLayout,
  pieLayout,
  type PlotArea,
  type TrendChart,
  trendChart,
  valueScale,
} from '#domain/reports/report-chart';
import { reportCharts } from '#domain/reports/admin-report';
import { dashboardCharts } from '#domain/reports/admin-dashboard';

const PLOT: PlotArea = { x: 84, y: 300, width: 463, height: 140 };
const EPSILON = 1e-6;

const figures = fc.oneof(fc.nat({ max: 1000 }), fc.nat({ max: 10_000_000 }), fc.constant(0));
const trend = fc.integer({ min: 1, max: 3 }).chain((seriesCount) =>
  fc.integer({ min: 0, max: 13 }).chain((months) =>
    fc.record({
      kind: fc.constantFrom('bar' as const, 'line' as const),
      title: fc.constant('Monthly Trends'),
      months: fc.constant(Array.from({ length: months }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`)),
      series: fc.array(
        fc.record({ name: fc.string(), values: fc.array(figures, { minLength: months, maxLength: months }) }),
        { minLength: seriesCount, maxLength: seriesCount },
      ),
    }),
  ),
) satisfies fc.Arbitrary<TrendChart>;

const inside = (value: number, low: number, high: number) => value >= low - EPSILON && value <= high + EPSILON;

describe('chart layout', () => {
  it('keeps every bar inside the plot, standing on its floor, heights in proportion to the figures', () => {
    fc.assert(
      fc.property(trend, (chart) => {
        const bars = barLayout(chart, PLOT);
        expect(bars).toHaveLength(chart.months.length * chart.series.length);
        const largest = Math.max(0, ...chart.series.flatMap((series) => series.values));
        for (const bar of bars) {
          for (const number of [bar.x, bar.y, bar.width, bar.height]) expect(Number.isFinite(number)).toBe(true);
          expect(bar.y).toBe(PLOT.y);
          expect(inside(bar.x, PLOT.x, PLOT.x + PLOT.width)).toBe(true);
          expect(inside(bar.x + bar.width, PLOT.x, PLOT.x + PLOT.width)).toBe(true);
          expect(inside(bar.height, 0, PLOT.height)).toBe(true);
          expect(bar.value).toBe(chart.series[bar.series]?.values[bar.month]);
        }
        // In proportion: height / figure is one number for all bars with a figure, and the tallest is the largest.
        const withFigures = bars.filter((bar) => bar.value > 0);
        const ratios = withFigures.map((bar) => bar.height / bar.value);
        for (const ratio of ratios) expect(ratio).toBeCloseTo(ratios[0] ?? ratio, 9);
        if (largest > 0) {
          const tallest = Math.max(...bars.map((bar) => bar.height));
          expect(bars.find((bar) => bar.height === tallest)?.value).toBe(largest);
        }
        for (const bar of bars.filter((bar) => bar.value === 0)) expect(bar.height).toBe(0);
      }),
    );
  });

  it('keeps every point of a line inside the plot, one a month, at heights in proportion', () => {
    fc.assert(
      fc.property(trend, (chart) => {
        const lines = lineLayout(chart, PLOT);
        expect(lines).toHaveLength(chart.series.length);
        for (const points of lines) {
          expect(points).toHaveLength(chart.months.length);
          for (const point of points) {
            expect(Number.isFinite(point.x) && Number.isFinite(point.y)).toBe(true);
            expect(inside(point.x, PLOT.x, PLOT.x + PLOT.width)).toBe(true);
            expect(inside(point.y, PLOT.y, PLOT.y + PLOT.height)).toBe(true);
          }
          for (let index = 1; index < points.length; index += 1)
            expect(points[index]!.x).toBeGreaterThan(points[index - 1]!.x);
        }
      }),
    );
  });

  it('marks a round value axis from 0 that covers the largest figure', () => {
    fc.assert(
      fc.property(figures, (max) => {
        const { top, ticks } = valueScale(max);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(top).toBeGreaterThan(0);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)).toBe(top);
        expect(ticks.length).toBeLessThanOrEqual(11);
        for (const tick of ticks) expect(Number.isInteger(tick)).toBe(true);
      }),
    );
    expect(valueScale(282)).toEqual({ top: 300, ticks: [0, 100, 200, 300] });
  });

  it('shares the pie out once round, in order, each slice as wide as its part', () => {
    fc.assert(
      fc.property(fc.array(figures, { maxLength: 8 }), (values) => {
        const slices = pieLayout(values);
        const total = values.reduce((sum, value) => sum + value, 0);
        expect(slices).toHaveLength(values.filter((value) => value > 0).length);
        if (total === 0) return;
        expect(slices[0]?.start).toBe(0);
        expect(slices.at(-1)?.end).toBeCloseTo(2 * Math.PI, 9);
        slices.forEach((slice, index) => {
          expect(Number.isFinite(slice.start) && Number.isFinite(slice.end)).toBe(true);
          if (index > 0) expect(slice.start).toBe(slices[index - 1]?.end);
          expect((slice.end - slice.start) / (2 * Math.PI)).toBeCloseTo((values[slice.share] ?? 0) / total, 9);
        });
      }),
    );
  });

  it('calls a chart with no months or only zeros empty', () => {
    expect(isEmptyChart(trendChart('bar', [], ['users']))).toBe(true);
    expect(isEmptyChart(trendChart('line', [{ month: '2026-11', users: 0, requests: 0 }], ['users', 'requests']))).toBe(
      true,
    );
    expect(isEmptyChart(trendChart('line', [{ month: '2026-11', users: 0, requests: 2 }], ['users', 'requests']))).toBe(
      false,
    );
    expect(
      isEmptyChart({ kind: 'pie', title: 'Stock Received', caption: '', unit: 'items', shares: [], emptyText: '' }),
    ).toBe(true);
  });
});

describe('the charts a report and a dashboard view show', () => {
  const base = {
    from: '2026-10-25T10:00:00.000Z',
    to: '2026-11-24T10:00:00.000Z',
    generatedAt: '2026-11-24T10:00:00.000Z',
    summary: {
      totalUsers: 1,
      newUsers: 1,
      activeRequests: 1,
      requestsReceived: 1,
      inventoryItems: 1,
      lowStockAllocations: 0,
      health: { isOperational: true, checks: [] },
    },
    plateTypes: [{ name: 'Standard', value: 3, percentage: 100 }],
    userStatuses: [],
    inventoryByType: [{ name: 'Plate Blanks', value: 7, percentage: 100 }],
    activity: [],
    logs: [],
  };
  const report = {
    ...base,
    period: 'last30days' as const,
    monthly: [{ month: '2026-11', users: 1, requests: 2, inventory: 3 }],
    previous: { from: '', to: '', newUsers: 0, requestsReceived: 0, activeRequests: 0, inventoryItems: 0 },
  };

  it('draws a report’s monthly trends as lines of the type’s figures, with its pie', () => {
    const overview = reportCharts({ ...report, type: 'Overview' });
    expect(overview.trends?.kind).toBe('line');
    expect(overview.trends?.series.map((series) => [series.name, series.values])).toEqual([
      ['New users', [1]],
      ['Requests', [2]],
      ['Inventory received', [3]],
    ]);
    expect(overview.shares?.title).toBe('Plate Type Distribution');
    const inventory = reportCharts({ ...report, type: 'Inventory Report' });
    expect(inventory.trends?.series.map((series) => series.name)).toEqual(['Inventory received']);
    expect(inventory.shares?.shares).toEqual(base.inventoryByType);
    expect(reportCharts({ ...report, type: 'System Report' })).toEqual({ trends: null, shares: null });
  });

  it('draws the dashboard’s monthly trends as bars, none in the inventory view', () => {
    const monthly = [{ month: '2026-11', users: 1, requests: 2 }];
    const overview = dashboardCharts({ ...base, period: 'last30days', view: 'overview', monthly });
    expect(overview.trends?.kind).toBe('bar');
    expect(overview.shares?.title).toBe('Plate Types');
    const inventory = dashboardCharts({ ...base, period: 'last30days', view: 'inventory', monthly });
    expect(inventory.trends).toBeNull();
    expect(inventory.shares?.title).toBe('Stock Received');
  });
});
