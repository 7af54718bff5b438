/**
 * The report and dashboard PDFs read back with pdf-lib: their pages, the title and period,
 * every cell of every table the CSV file of the same report holds (numbers as the screen
 * writes them), a long table running onto further pages with its header repeated, and
 * "Page n of N" on every page.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#domain/fleet/fleet-csv';
import { type AdminDashboard, dashboardDocument } from '#domain/reports/admin-dashboard';
import { type AdminReport, reportCsv, reportDocument } from '#domain/reports/admin-report';
import { documentCsv, documentFileName, type ReportDocument } from '#domain/reports/report-document';
import { cellText, reportPdf } from '../../../src/app/reports/report-pdf';
import { pageTexts } from '../plate-documents/pdf-reading';

const PRINTED_AT = new Date('2026-11-24T10:05:00.000Z');
const LONG_LOGS = 140;

const REPORT: AdminReport = {
  period: 'last30days',
  type: 'Overview',
  from: '2026-10-25T10:00:00.000Z',
  to: '2026-11-24T10:00:00.000Z',
  generatedAt: '2026-11-24T10:00:00.000Z',
  summary: {
    totalUsers: 1247,
    newUsers: 125,
    activeRequests: 389,
    requestsReceived: 402,
    inventoryItems: 2845,
    lowStockAllocations: 15,
    health: {
      isOperational: false,
      checks: [
        { id: 'database', label: 'Database reachable', isOk: true, detail: 'The database answered' },
        { id: 'errors', label: 'Server errors in the period', isOk: false, detail: '3 server errors' },
      ],
    },
  },
  monthly: [
    { month: '2026-10', users: 40, requests: 120, inventory: 1000 },
    { month: '2026-11', users: 85, requests: 282, inventory: 1845 },
  ],
  plateTypes: [
    { name: 'Standard', value: 45, percentage: 45 },
    { name: 'Commercial', value: 25, percentage: 25 },
    { name: 'Personalized', value: 15, percentage: 15 },
    { name: 'Diplomatic', value: 10, percentage: 10 },
    { name: 'Government', value: 5, percentage: 5 },
  ],
  userStatuses: [
    { name: 'Active', value: 245, percentage: 78 },
    { name: 'Pending', value: 45, percentage: 14 },
    { name: 'Suspended', value: 15, percentage: 5 },
    { name: 'Inactive', value: 10, percentage: 3 },
  ],
  inventoryByType: [{ name: 'Plate Blanks', value: 2845, percentage: 100 }],
  activity: [
    { id: 'audit-1', action: 'user.edit USR-001', user: 'Mwila Banda', at: '2026-11-23T09:00:00.000Z', type: 'user' },
  ],
  logs: Array.from({ length: LONG_LOGS }, (_, index) => ({
    id: `log-${index}`,
    level: index % 3 === 0 ? ('ERROR' as const) : ('WARNING' as const),
    message: `Payment PAY-${String(index).padStart(5, '0')} (mtn) declined: the handset did not answer within the time allowed, so the customer was told to try again`,
    module: 'payments',
    at: new Date(Date.parse('2026-11-24T09:00:00.000Z') - index * 60_000).toISOString(),
  })),
  previous: {
    from: '2026-09-25T10:00:00.000Z',
    to: '2026-10-25T10:00:00.000Z',
    newUsers: 100,
    requestsReceived: 402,
    activeRequests: 300,
    inventoryItems: 0,
  },
};

interface ReadBack {
  pdf: PDFDocument;
  pages: string[][];
  /** Every page's strings in drawing order, joined by spaces: a wrapped cell reads as one phrase. */
  text: string;
}

async function readBack(bytes: Uint8Array): Promise<ReadBack> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = pdf.getPages().map((_, index) => pageTexts(pdf, index));
  return { pdf, pages, text: pages.flat().join(' ') };
}

/** Every cell the CSV file of the document holds, read back from the CSV text itself. */
function csvCells(document: ReportDocument): string[] {
  return parseCsv(documentCsv(document)).flatMap((record) => record.fields.filter((field) => field !== ''));
}

describe('report PDF', () => {
  let read: ReadBack;
  const document = reportDocument(REPORT);
  beforeAll(async () => {
    read = await readBack(await reportPdf(document, PRINTED_AT));
  });

  it('is an A4 PDF named like the CSV, its title and period in the metadata', () => {
    expect(read.pdf.getPageCount()).toBeGreaterThan(1);
    const { width, height } = read.pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(documentFileName(document, 'pdf')).toBe('nambala-report-overview-last30days-2026-11-24.pdf');
    expect(read.pdf.getTitle()).toBe('Nambala Reports & Analytics: Overview');
    expect(read.pdf.getSubject()).toContain('Period: Last 30 Days (2026-10-25 12:00 CAT to 2026-11-24 12:00 CAT)');
    expect(read.pdf.getCreationDate()?.toISOString()).toBe(PRINTED_AT.toISOString());
  });

  it('opens with the title, the report type and the period from and to', () => {
    expect(read.pages[0]?.slice(0, 2)).toEqual(['Nambala Reports & Analytics', 'Overview']);
    expect(read.pages[0]).toContain('Last 30 Days (2026-10-25 12:00 CAT to 2026-11-24 12:00 CAT)');
    expect(read.pages[0]).toContain('2026-09-25 12:00 CAT to 2026-10-25 12:00 CAT');
  });

  it('holds every cell of the CSV file of the same report, numbers as the screen writes them', () => {
    expect(csvCells(document).length).toBeGreaterThan(LONG_LOGS * 4);
    const missing = document.tables
      .flatMap((table) => table.flatMap((row) => row.map(cellText)))
      .filter((cell) => cell !== '' && !read.text.includes(cell));
    expect(missing).toEqual([]);
    // The CSV of the report shown is the same document: its cells, as numbers, are the PDF's.
    expect(reportCsv(REPORT)).toContain('Total Users,1247');
    expect(read.pages[0]).toEqual(
      expect.arrayContaining([
        'Total Users',
        '1,247',
        '2,845',
        '389',
        'Up 25% on the previous period',
        'Needs attention (1 of 2 checks passing)',
      ]),
    );
    expect(read.text).toContain('Standard 45 45%');
    expect(read.text).toContain('Active 245 78%');
    expect(read.text).toContain('2026-11 85 282 1,845');
  });

  it('runs the long log table onto further pages, its header repeated, with Page n of N on each', () => {
    const count = read.pdf.getPageCount();
    read.pages.forEach((texts, index) => expect(texts).toContain(`Page ${index + 1} of ${count}`));
    const logPages = read.pages.filter((texts) => texts.some((text) => text.startsWith('Payment PAY-')));
    expect(logPages.length).toBeGreaterThan(1);
    for (const texts of logPages) expect(texts.filter((text) => text === 'Level')).toHaveLength(1);
    // Each log row once, in order.
    const order = read.text.match(/PAY-\d{5}/g) ?? [];
    expect(order).toEqual(REPORT.logs.map((_, index) => `PAY-${String(index).padStart(5, '0')}`));
  });

  it('prints letters the standard fonts lack without their accents rather than dropping the row', async () => {
    const named = await readBack(
      await reportPdf(
        reportDocument({ ...REPORT, activity: [{ ...REPORT.activity[0]!, user: 'Łukasz Bánda, "Chief"' }], logs: [] }),
        PRINTED_AT,
      ),
    );
    expect(named.text).toContain('Lukasz Bánda, "Chief"');
    const count = named.pdf.getPageCount();
    expect(named.pages.at(-1)).toContain(`Page ${count} of ${count}`);
  });
});

/** A page's content stream operators as text (pdf-lib compresses them). */
function pageOperators(pdf: PDFDocument, index: number): string {
  const contents = pdf.getPage(index).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((item) => (item instanceof PDFRef ? pdf.context.lookup(item) : item))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
}

describe('report PDF charts', () => {
  it('draws the charts the page shows, each titled, with axes, legend and figures, before its table', async () => {
    const read = await readBack(await reportPdf(reportDocument({ ...REPORT, logs: [] }), PRINTED_AT));
    const first = read.pages[0] ?? [];
    // Monthly Trends: a line chart with its axis titles, month labels, legend and figures.
    const trends = first.indexOf('Monthly Trends');
    expect(trends).toBeGreaterThan(0);
    expect(first.slice(trends)).toEqual(
      expect.arrayContaining(['Month', 'Count', 'Oct 2026', 'Nov 2026', 'New users', 'Requests', 'Inventory received']),
    );
    expect(first.slice(trends)).toEqual(expect.arrayContaining(['1,845', '282', '2,000']));
    // ... then its table.
    expect(first.indexOf('Inventory received', trends)).toBeLessThan(first.indexOf('Month', first.indexOf('Count')));
    expect(first.indexOf('2026-11')).toBeGreaterThan(trends);
    // Plate Type Distribution: a pie, percentages on the slices and a legend with every share, then its table.
    const pie = first.indexOf('Plate Type Distribution');
    expect(pie).toBeGreaterThan(trends);
    expect(first.slice(pie)).toEqual(
      expect.arrayContaining(['45%', 'Standard: 45 plates (45%)', 'Government: 5 plates (5%)']),
    );
    expect(first.indexOf('Plate type', pie)).toBeGreaterThan(pie);
    // Drawn as shapes: a filled path per slice and line segments for the trends.
    const operators = read.pdf
      .getPages()
      .map((_, index) => pageOperators(read.pdf, index))
      .join('\n');
    expect(operators.match(/\sf\n/g)?.length ?? 0).toBeGreaterThanOrEqual(REPORT.plateTypes.length);
    expect(operators.match(/\sl\n/g)?.length ?? 0).toBeGreaterThan(REPORT.monthly.length * 3);
  });

  it('draws the dashboard’s monthly trends as bars', async () => {
    const dashboard: AdminDashboard = {
      ...REPORT,
      period: 'last7days',
      view: 'users',
      monthly: [{ month: '2026-11', users: 85, requests: 282 }],
      logs: [],
    };
    const read = await readBack(await reportPdf(dashboardDocument(dashboard), PRINTED_AT));
    expect(read.pages[0]).toEqual(expect.arrayContaining(['Monthly Trends', 'Nov 2026', '85', 'New users']));
    // A filled four-sided path a bar (pdf-lib draws rectangles as paths), besides the legend's key.
    expect(pageOperators(read.pdf, 0)).toMatch(/0 0 m\n0 [\d.]+ l\n[\d.]+ [\d.]+ l\n[\d.]+ 0 l\nh\nf\n/);
  });

  it('says "No data" instead of drawing an empty axis for a period with nothing in it', async () => {
    const empty: AdminReport = {
      ...REPORT,
      logs: [],
      plateTypes: [],
      monthly: [{ month: '2026-11', users: 0, requests: 0, inventory: 0 }],
    };
    const read = await readBack(await reportPdf(reportDocument(empty), PRINTED_AT));
    const first = read.pages[0] ?? [];
    expect(first).toEqual(expect.arrayContaining(['Monthly Trends', 'Plate Type Distribution']));
    expect(first.filter((text) => text === 'No data')).toHaveLength(2);
    expect(first).not.toContain('Nov 2026');
  });
});

describe('dashboard PDF', () => {
  const DASHBOARD: AdminDashboard = {
    ...REPORT,
    period: 'last7days',
    view: 'requests',
    monthly: REPORT.monthly.map(({ month, users, requests }) => ({ month, users, requests })),
    logs: REPORT.logs.slice(0, 3),
  };

  it('is the view shown, with the same tables as its CSV file', async () => {
    const document = dashboardDocument(DASHBOARD);
    const read = await readBack(await reportPdf(document, PRINTED_AT));
    expect(read.pages[0]?.slice(0, 2)).toEqual(['Nambala System Dashboard', 'Requests report']);
    expect(documentFileName(document, 'pdf')).toBe('nambala-dashboard-requests-last7days-2026-11-24.pdf');
    const missing = document.tables
      .flatMap((table) => table.flatMap((row) => row.map(cellText)))
      .filter((cell) => cell !== '' && !read.text.includes(cell));
    expect(missing).toEqual([]);
    expect(read.text).toContain('Month Requests 2026-10 120 2026-11 282');
    expect(read.text).not.toContain('PAY-00000');
  });
});
