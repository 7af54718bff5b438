/**
 * Saving a report or a dashboard view as a file made on this device, CSV or PDF, from its
 * one document (src/domain/reports/report-document.ts). The PDF code and pdf-lib load only
 * when a PDF is asked for, so the pages' first load does not grow.
 */
import { documentCsv, documentFileName, type ReportDocument } from '#domain/reports/report-document';
import { saveFile } from '../plate-documents/plate-downloads';

export type ReportFileFormat = 'csv' | 'pdf';

/** Makes and saves the file; answers with its name. */
export async function saveReportFile(document: ReportDocument, format: ReportFileFormat): Promise<string> {
  const fileName = documentFileName(document, format);
  if (format === 'csv') {
    saveFile(new TextEncoder().encode(documentCsv(document)), 'text/csv;charset=utf-8', fileName);
    return fileName;
  }
  const { reportPdf } = await import('./report-pdf');
  saveFile(await reportPdf(document, new Date()), 'application/pdf', fileName);
  return fileName;
}
