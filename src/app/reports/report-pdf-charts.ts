/**
 * A report's charts drawn on a PDF page with pdf-lib's own shapes (rectangles, lines, filled
 * paths), from the chart the page draws with chart.js (src/domain/reports/report-chart.ts):
 * vectors print sharp at any size and the file stays small, where a picture of the canvas
 * would need the chart on screen and blur in print. Each chart has its title, a value axis
 * marked in round numbers, its month labels and axis titles, a legend, and the figures
 * written on the bars, points or slices where they fit; a chart with nothing to show says
 * "No data" in an empty frame instead of drawing an empty axis.
 */
import {
  barLayout,
  CHART_COLOURS,
  formatMonth,
  isEmptyChart,
  lineLayout,
  NO_DATA,
  pieLayout,
  type PlotArea,
  type ReportChart,
  type ShareChart,
  TREND_AXIS,
  type TrendChart,
  valueScale,
} from '#domain/reports/report-chart';
import { degrees, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { printable } from '../components/pdf-text';

export interface ChartFonts {
  regular: PDFFont;
  bold: PDFFont;
}

type Colour = ReturnType<typeof rgb>;

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.36, 0.36, 0.36);
const GRID = rgb(0.86, 0.86, 0.86);
const AXIS = rgb(0.45, 0.45, 0.45);
const WHITE = rgb(1, 1, 1);

const TITLE_SIZE = 11;
const LABEL_SIZE = 7.5;
const VALUE_SIZE = 7;
const TITLE_HEIGHT = 22;
const PLOT_HEIGHT = 140;
/** Room above the plot for the figure over the tallest bar. */
const PLOT_HEAD = 12;
/** Month labels, the axis title and the legend under the plot. */
const PLOT_FOOT = 50;
const AXIS_GUTTER = 44;
const PIE_RADIUS = 72;
const EMPTY_HEIGHT = 56;

const grouped = new Intl.NumberFormat('en-GB');

const colour = (index: number): Colour => {
  const hex = CHART_COLOURS[index % CHART_COLOURS.length] ?? '#000000';
  return rgb(
    Number.parseInt(hex.slice(1, 3), 16) / 255,
    Number.parseInt(hex.slice(3, 5), 16) / 255,
    Number.parseInt(hex.slice(5, 7), 16) / 255,
  );
};

/** How much height the chart takes on the page, its title included. */
export function chartHeight(chart: ReportChart): number {
  if (isEmptyChart(chart)) return TITLE_HEIGHT + EMPTY_HEIGHT;
  if (chart.kind === 'pie') return TITLE_HEIGHT + Math.max(2 * PIE_RADIUS + 12, chart.shares.length * 14 + 12);
  return TITLE_HEIGHT + PLOT_HEAD + PLOT_HEIGHT + PLOT_FOOT;
}

function text(
  page: PDFPage,
  font: PDFFont,
  value: string,
  at: { x: number; y: number; size: number; color?: Colour; align?: 'left' | 'centre' | 'right'; rotate?: number },
): void {
  const printed = printable(font, value);
  const width = font.widthOfTextAtSize(printed, at.size);
  const x = at.align === 'centre' ? at.x - width / 2 : at.align === 'right' ? at.x - width : at.x;
  page.drawText(printed, {
    x,
    y: at.y,
    font,
    size: at.size,
    color: at.color ?? INK,
    ...(at.rotate === undefined ? {} : { rotate: degrees(at.rotate) }),
  });
}

function drawEmpty(page: PDFPage, fonts: ChartFonts, left: number, width: number, top: number): void {
  const y = top - EMPTY_HEIGHT + 8;
  page.drawRectangle({ x: left, y, width, height: EMPTY_HEIGHT - 12, borderColor: GRID, borderWidth: 0.75 });
  text(page, fonts.bold, NO_DATA, {
    x: left + width / 2,
    y: y + (EMPTY_HEIGHT - 12) / 2 - 3,
    size: 10,
    color: MUTED,
    align: 'centre',
  });
}

/** Gridlines and figures of the value axis, the month labels, the axis titles and the legend of a monthly chart. */
function drawTrendFrame(page: PDFPage, fonts: ChartFonts, chart: TrendChart, plot: PlotArea): void {
  const { top, ticks } = valueScale(Math.max(0, ...chart.series.flatMap((series) => series.values)));
  for (const tick of ticks) {
    const y = plot.y + (tick / top) * plot.height;
    page.drawLine({
      start: { x: plot.x, y },
      end: { x: plot.x + plot.width, y },
      thickness: tick === 0 ? 0.75 : 0.4,
      color: tick === 0 ? AXIS : GRID,
    });
    text(page, fonts.regular, grouped.format(tick), {
      x: plot.x - 4,
      y: y - 2.5,
      size: LABEL_SIZE,
      color: MUTED,
      align: 'right',
    });
  }
  page.drawLine({
    start: { x: plot.x, y: plot.y },
    end: { x: plot.x, y: plot.y + plot.height },
    thickness: 0.75,
    color: AXIS,
  });
  const step = plot.width / Math.max(1, chart.months.length);
  chart.months.forEach((month, index) => {
    text(page, fonts.regular, formatMonth(month), {
      x: plot.x + (index + 0.5) * step,
      y: plot.y - 10,
      size: LABEL_SIZE,
      color: INK,
      align: 'centre',
    });
  });
  text(page, fonts.bold, TREND_AXIS.x, {
    x: plot.x + plot.width / 2,
    y: plot.y - 22,
    size: LABEL_SIZE,
    color: MUTED,
    align: 'centre',
  });
  text(page, fonts.bold, TREND_AXIS.y, {
    x: plot.x - AXIS_GUTTER + 8,
    y: plot.y + plot.height / 2 - fonts.bold.widthOfTextAtSize(TREND_AXIS.y, LABEL_SIZE) / 2,
    size: LABEL_SIZE,
    color: MUTED,
    rotate: 90,
  });
  let x = plot.x;
  chart.series.forEach((series, index) => {
    page.drawRectangle({ x, y: plot.y - 38, width: 8, height: 8, color: colour(index) });
    text(page, fonts.regular, series.name, { x: x + 11, y: plot.y - 37, size: LABEL_SIZE });
    x += 11 + fonts.regular.widthOfTextAtSize(series.name, LABEL_SIZE) + 16;
  });
}

/** A figure written over its bar or point when it fits the width each has. */
function drawValue(page: PDFPage, fonts: ChartFonts, value: number, x: number, y: number, room: number): void {
  const label = grouped.format(value);
  if (fonts.regular.widthOfTextAtSize(label, VALUE_SIZE) > room) return;
  text(page, fonts.regular, label, { x, y, size: VALUE_SIZE, align: 'centre' });
}

function drawTrend(
  page: PDFPage,
  fonts: ChartFonts,
  chart: TrendChart,
  left: number,
  width: number,
  top: number,
): void {
  const plot: PlotArea = {
    x: left + AXIS_GUTTER,
    y: top - PLOT_HEAD - PLOT_HEIGHT,
    width: width - AXIS_GUTTER - 8,
    height: PLOT_HEIGHT,
  };
  drawTrendFrame(page, fonts, chart, plot);
  if (chart.kind === 'bar') {
    for (const bar of barLayout(chart, plot)) {
      if (bar.height > 0)
        page.drawRectangle({
          x: bar.x,
          y: bar.y,
          width: bar.width * 0.92,
          height: bar.height,
          color: colour(bar.series),
        });
      drawValue(page, fonts, bar.value, bar.x + (bar.width * 0.92) / 2, bar.y + bar.height + 2.5, bar.width + 2);
    }
    return;
  }
  const room = plot.width / Math.max(1, chart.months.length);
  const lines = lineLayout(chart, plot);
  lines.forEach((points, series) => {
    const stroke = colour(series);
    points.forEach((point, index) => {
      const next = points[index + 1];
      if (next) page.drawLine({ start: point, end: next, thickness: 1.5, color: stroke });
      page.drawCircle({ x: point.x, y: point.y, size: 2.2, color: stroke });
    });
  });
  // A month's figures over its points, leaving out one that would print over another (the table has them all).
  chart.months.forEach((_, month) => {
    const labelled: number[] = [];
    for (const point of lines.map((points) => points[month]).filter((point) => point !== undefined)) {
      if (labelled.some((y) => Math.abs(y - point.y) < VALUE_SIZE + 1)) continue;
      labelled.push(point.y);
      drawValue(page, fonts, point.value, point.x, point.y + 4, room);
    }
  });
}

/** A slice as a closed SVG path around the pie's centre (SVG's y runs down), its arc in short straight steps. */
function slicePath(start: number, end: number, radius: number): string {
  const steps = Math.max(2, Math.ceil(((end - start) / (2 * Math.PI)) * 120));
  const points = Array.from({ length: steps + 1 }, (_, index) => {
    const angle = start + ((end - start) * index) / steps;
    return `L ${(radius * Math.sin(angle)).toFixed(2)} ${(-radius * Math.cos(angle)).toFixed(2)}`;
  });
  return `M 0 0 ${points.join(' ')} Z`;
}

function drawPie(page: PDFPage, fonts: ChartFonts, chart: ShareChart, left: number, width: number, top: number): void {
  const centre = { x: left + PIE_RADIUS + 8, y: top - PIE_RADIUS - 4 };
  for (const slice of pieLayout(chart.shares.map((share) => share.value))) {
    page.drawSvgPath(slicePath(slice.start, slice.end, PIE_RADIUS), {
      x: centre.x,
      y: centre.y,
      color: colour(slice.share),
      borderColor: WHITE,
      borderWidth: 1,
    });
    const share = chart.shares[slice.share];
    if (!share || share.percentage < 5) continue;
    const middle = (slice.start + slice.end) / 2;
    text(page, fonts.bold, `${share.percentage}%`, {
      x: centre.x + PIE_RADIUS * 0.62 * Math.sin(middle),
      y: centre.y + PIE_RADIUS * 0.62 * Math.cos(middle) - 3,
      size: 8,
      color: WHITE,
      align: 'centre',
    });
  }
  const legendX = centre.x + PIE_RADIUS + 28;
  const legendWidth = left + width - legendX;
  chart.shares.forEach((share, index) => {
    const y = top - 14 - index * 14;
    page.drawRectangle({ x: legendX, y: y - 1, width: 8, height: 8, color: colour(index) });
    const line = `${share.name}: ${grouped.format(share.value)} ${chart.unit} (${share.percentage}%)`;
    const printed = printable(fonts.regular, line);
    const fitted =
      fonts.regular.widthOfTextAtSize(printed, 8.5) <= legendWidth - 12
        ? printed
        : printable(fonts.regular, share.name);
    text(page, fonts.regular, fitted, { x: legendX + 12, y, size: 8.5 });
  });
}

/** Draws the chart with its top at `top`, across `width` points from `left`; answers the height it took. */
export function drawChart(
  page: PDFPage,
  fonts: ChartFonts,
  chart: ReportChart,
  { left, width, top }: { left: number; width: number; top: number },
): number {
  text(page, fonts.bold, chart.title, { x: left, y: top - 12, size: TITLE_SIZE });
  const body = top - TITLE_HEIGHT;
  if (isEmptyChart(chart)) drawEmpty(page, fonts, left, width, body);
  else if (chart.kind === 'pie') drawPie(page, fonts, chart, left, width, body);
  else drawTrend(page, fonts, chart, left, width, body);
  return chartHeight(chart);
}
