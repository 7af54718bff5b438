/**
 * A report as its files show it: a title, the lines under it (period, generated), and its
 * tables, each a header row then data rows. The CSV writer and the PDF layout both take
 * this one structure, so the numbers in a CSV and in a PDF of the same report cannot
 * differ from each other, nor from the answer the screen shows (they are built from it).
 */
import { csvText } from '../csv/csv-writer';
import type { ReportChart } from './report-chart';

export type Cell = string | number;

/** One table: its first row is the header. */
export type ReportTable = readonly (readonly Cell[])[];

export interface PlacedChart {
  beforeTable: number;
  chart: ReportChart;
}

export interface ReportDocument {
  /** 'Nambala Reports & Analytics', 'Nambala System Dashboard'. */
  title: string;
  /** What this file is: 'Overview', 'Users report', 'User Report'. */
  subtitle: string;
  /** Label and value pairs under the title: 'Period', 'Generated'. */
  heading: readonly (readonly [string, string])[];
  tables: readonly ReportTable[];
  /**
   * The charts the screen shows, each drawn in the PDF just before the table of its figures
   * (`beforeTable` is that table's index). A CSV file has no charts: its tables are the figures.
   */
  charts?: readonly PlacedChart[];
  /** The file's name without its extension; the period is in it. */
  baseName: string;
}

/** The CSV file: the title line and the heading pairs, then each table after a blank line. */
export function documentCsv(document: ReportDocument): string {
  const rows: (readonly Cell[])[] = [[document.title, document.subtitle], ...document.heading];
  for (const table of document.tables) rows.push([], ...table);
  return csvText(rows);
}

export const documentFileName = (document: ReportDocument, extension: 'csv' | 'pdf') =>
  `${document.baseName}.${extension}`;
