/**
 * A report or dashboard view as a PDF (A4, portrait), laid out from the same document the
 * CSV file is written from (src/domain/reports/report-document.ts), so the two files carry
 * the same figures: the title, the period and when it was generated, then each table with
 * its header row, long tables running onto further pages with the header repeated, and
 * "Page n of N" at the foot of every page. Loaded only when a PDF is asked for (see
 * report-downloads.ts), with pdf-lib in its chunk.
 */
import type { Cell, ReportDocument, ReportTable } from '#domain/reports/report-document';
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { ReportChart } from '#domain/reports/report-chart';
import { printable, wrap } from '../components/pdf-text';
import { chartHeight, drawChart } from './report-pdf-charts';

const BRAND = rgb(0x15 / 255, 0x73 / 255, 0);
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.36, 0.36, 0.36);
const RULE = rgb(0.82, 0.82, 0.82);
const HEADER_FILL = rgb(0.93, 0.95, 0.92);

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Nothing is drawn below this line but the page footer. */
const BOTTOM = 56;
const SIZE = 8.5;
const LINE = 11;
const PAD = 4;
const TABLE_GAP = 18;
/** Room for a table's header and first row under its chart, so a chart never ends a page apart from its figures. */
const CHART_TABLE_START = 2 * (LINE + PAD) + 6;

const grouped = new Intl.NumberFormat('en-GB');

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A number as the screen shows it (1,247); text as it is. */
export const cellText = (cell: Cell): string => (typeof cell === 'number' ? grouped.format(cell) : cell);

/**
 * Column widths that fill the page: each column's widest cell, and when they do not all
 * fit, the narrow columns keep their width and the wide ones share what is left.
 */
function columnWidths(table: ReportTable, fonts: Fonts): number[] {
  const columns = Math.max(...table.map((row) => row.length));
  const natural = Array.from({ length: columns }, (_, column) =>
    Math.max(
      ...table.map(
        (row, index) =>
          (index === 0 ? fonts.bold : fonts.regular).widthOfTextAtSize(
            printable(fonts.regular, cellText(row[column] ?? '')),
            SIZE,
          ) +
          2 * PAD,
      ),
    ),
  );
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= CONTENT_WIDTH) return natural.map((width) => (width * CONTENT_WIDTH) / total);
  const widths = [...natural];
  let open = natural.map((_, index) => index);
  let left = CONTENT_WIDTH;
  for (;;) {
    const share = left / open.length;
    const narrow = open.filter((index) => (natural[index] ?? 0) <= share);
    if (narrow.length === 0) {
      for (const index of open) widths[index] = share;
      return widths;
    }
    for (const index of narrow) left -= natural[index] ?? 0;
    open = open.filter((index) => !narrow.includes(index));
    if (open.length === 0) return widths;
  }
}

class Layout {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  text(
    text: string,
    { x, y, font, size, color }: { x: number; y: number; font: PDFFont; size: number; color: ReturnType<typeof rgb> },
  ): void {
    this.page.drawText(text, { x, y, font, size, color });
  }

  rule(y: number): void {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.5, color: RULE });
  }

  /** The chart with its top at the current line, on a new page unless it fits with the start of its table (CHART_TABLE_START). */
  chart(chart: ReportChart): void {
    this.ensure(chartHeight(chart) + CHART_TABLE_START);
    this.y -= drawChart(this.page, this.fonts, chart, { left: MARGIN, width: CONTENT_WIDTH, top: this.y });
    this.y -= 6;
  }

  fill(y: number, height: number): void {
    this.page.drawRectangle({ x: MARGIN, y, width: CONTENT_WIDTH, height, color: HEADER_FILL });
  }
}

function drawTitle(layout: Layout, document: ReportDocument): void {
  const { regular, bold } = layout.fonts;
  layout.y -= 16;
  layout.text(printable(bold, document.title), { x: MARGIN, y: layout.y, font: bold, size: 16, color: INK });
  layout.y -= 18;
  layout.text(printable(bold, document.subtitle), { x: MARGIN, y: layout.y, font: bold, size: 12, color: BRAND });
  layout.y -= 8;
  for (const [label, value] of document.heading) {
    const labelText = `${printable(bold, label)}: `;
    const labelWidth = bold.widthOfTextAtSize(labelText, SIZE);
    const lines = wrap(value, regular, SIZE, CONTENT_WIDTH - labelWidth);
    layout.y -= LINE;
    layout.text(labelText, { x: MARGIN, y: layout.y, font: bold, size: SIZE, color: MUTED });
    lines.forEach((line, index) => {
      if (index > 0) layout.y -= LINE;
      layout.text(line, { x: MARGIN + labelWidth, y: layout.y, font: regular, size: SIZE, color: INK });
    });
  }
  layout.y -= TABLE_GAP;
}

/** One row's cells wrapped to their columns; numbers, and the headers of columns of numbers, are set flush right. */
function drawRow(
  layout: Layout,
  cells: readonly Cell[],
  widths: readonly number[],
  numeric: readonly boolean[],
  isHeader: boolean,
): void {
  const font = isHeader ? layout.fonts.bold : layout.fonts.regular;
  const wrapped = widths.map((width, column) => wrap(cellText(cells[column] ?? ''), font, SIZE, width - 2 * PAD));
  const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + PAD;
  if (isHeader) layout.fill(layout.y - height, height);
  let x = MARGIN;
  wrapped.forEach((lines, column) => {
    const width = widths[column] ?? 0;
    const isNumber = isHeader ? numeric[column] === true : typeof cells[column] === 'number';
    lines.forEach((line, index) => {
      const lineX = isNumber ? x + width - PAD - font.widthOfTextAtSize(line, SIZE) : x + PAD;
      layout.text(line, { x: lineX, y: layout.y - (index + 1) * LINE + 2, font, size: SIZE, color: INK });
    });
    x += width;
  });
  layout.y -= height;
  layout.rule(layout.y);
}

function rowHeight(layout: Layout, cells: readonly Cell[], widths: readonly number[], font: PDFFont): number {
  return (
    Math.max(
      ...widths.map((width, column) => wrap(cellText(cells[column] ?? ''), font, SIZE, width - 2 * PAD).length),
    ) *
      LINE +
    PAD
  );
}

function drawTable(layout: Layout, table: ReportTable): void {
  const [header, ...rows] = table;
  if (!header) return;
  const widths = columnWidths(table, layout.fonts);
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'));
  const headerHeight = rowHeight(layout, header, widths, layout.fonts.bold);
  // A table starts where its header and first row fit together.
  layout.ensure(headerHeight + (rows[0] ? rowHeight(layout, rows[0], widths, layout.fonts.regular) : 0));
  drawRow(layout, header, widths, numeric, true);
  for (const row of rows) {
    if (layout.ensure(rowHeight(layout, row, widths, layout.fonts.regular)))
      drawRow(layout, header, widths, numeric, true);
    drawRow(layout, row, widths, numeric, false);
  }
  layout.y -= TABLE_GAP;
}

/** Every page's foot: what the file is, and "Page n of N". */
function drawFooters(layout: Layout, document: ReportDocument): void {
  const { regular } = layout.fonts;
  const period = document.heading.find(([label]) => label === 'Period')?.[1] ?? '';
  const left = printable(regular, `${document.title}: ${document.subtitle}${period ? `, ${period}` : ''}`);
  layout.pages.forEach((page, index) => {
    const number = `Page ${index + 1} of ${layout.pages.length}`;
    page.drawLine({ start: { x: MARGIN, y: 40 }, end: { x: PAGE_WIDTH - MARGIN, y: 40 }, thickness: 0.5, color: RULE });
    const leftLines = wrap(left, regular, SIZE, CONTENT_WIDTH - 80);
    page.drawText(leftLines[0] ?? '', { x: MARGIN, y: 28, font: regular, size: 7.5, color: MUTED });
    page.drawText(number, {
      x: PAGE_WIDTH - MARGIN - regular.widthOfTextAtSize(number, 7.5),
      y: 28,
      font: regular,
      size: 7.5,
      color: MUTED,
    });
  });
}

/** The document as PDF bytes; `printedAt` dates the file. */
export async function reportPdf(document: ReportDocument, printedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${document.title}: ${document.subtitle}`);
  pdf.setSubject(document.heading.map(([label, value]) => `${label}: ${value}`).join('; '));
  pdf.setAuthor('Nambala');
  pdf.setCreator('Nambala');
  pdf.setProducer('Nambala');
  pdf.setLanguage('en-GB');
  pdf.setCreationDate(printedAt);
  pdf.setModificationDate(printedAt);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
  ]);
  const layout = new Layout(pdf, { regular, bold });
  drawTitle(layout, document);
  document.tables.forEach((table, index) => {
    for (const placed of document.charts ?? []) if (placed.beforeTable === index) layout.chart(placed.chart);
    drawTable(layout, table);
  });
  drawFooters(layout, document);
  return pdf.save();
}
