/**
 * A registration certificate as a PDF (A4, one page), made with pdf-lib from the lines
 * src/domain/certificates/certificate-document.ts decides: the header, the certificate
 * number, the plate in large type, owner, vehicle and dates, and the plate's signed QR
 * code with its link and "Scan to verify this plate". This module is loaded only when a
 * download starts (see plate-downloads.ts), with pdf-lib in its chunk.
 *
 * The QR code is embedded as the PNG qrcode draws (the "Download QR" code, drawn smaller),
 * printed 180 pt wide, about 1 mm a module.
 */
import { certificateDocument, type CertificateDocument } from '#domain/certificates/certificate-document';
import { isRegisteredPlate } from '#domain/certificates/certificate-number';
import { credentialUrl } from '#domain/credential/qr-url';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import { PageSizes, PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { printable, wrap } from '../components/pdf-text';
import { PlateDocumentError, plateCredentialBytes, plateQrPngBytes } from './plate-qr';

export interface CertificatePdf {
  bytes: Uint8Array;
  fileName: string;
  certificateNumber: string;
}

/**
 * Four pixels a module: the modules stay exact squares, and pdf-lib re-compresses a quarter
 * of the pixels that eight would give, which halves the time a certificate takes.
 */
export const CERTIFICATE_QR_PIXELS_PER_MODULE = 4;

const BRAND = rgb(0x15 / 255, 0x73 / 255, 0); // brand.600, the green of the flag
const COPPER = rgb(0xef / 255, 0x7d / 255, 0);
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.36, 0.36, 0.36);
const RULE = rgb(0.8, 0.8, 0.8);
const WHITE = rgb(1, 1, 1);

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const QR_COLUMN_WIDTH = 190;
const QR_SIZE = 180;
const DETAILS_WIDTH = CONTENT_WIDTH - QR_COLUMN_WIDTH - 24;
const LABEL_WIDTH = 104;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

function drawCentred(
  page: PDFPage,
  text: string,
  { y, font, size, color }: { y: number; font: PDFFont; size: number; color: ReturnType<typeof rgb> },
): void {
  const line = printable(font, text);
  page.drawText(line, { x: (PAGE_WIDTH - font.widthOfTextAtSize(line, size)) / 2, y, font, size, color });
}

/** Draws `lines` from baseline `y` down; returns the baseline below the last one. */
function drawLines(
  page: PDFPage,
  lines: string[],
  {
    x,
    y,
    font,
    size,
    lineHeight,
    color,
  }: { x: number; y: number; font: PDFFont; size: number; lineHeight: number; color: ReturnType<typeof rgb> },
): number {
  let baseline = y;
  for (const line of lines) {
    page.drawText(line, { x, y: baseline, font, size, color });
    baseline -= lineHeight;
  }
  return baseline;
}

function drawHeader(page: PDFPage, doc: CertificateDocument, fonts: Fonts): void {
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 96, width: PAGE_WIDTH, height: 96, color: BRAND });
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 100, width: PAGE_WIDTH, height: 4, color: COPPER });
  page.drawText(printable(fonts.bold, doc.issuer.toUpperCase()), {
    x: MARGIN,
    y: PAGE_HEIGHT - 52,
    font: fonts.bold,
    size: 28,
    color: WHITE,
  });
  page.drawText(printable(fonts.regular, doc.issuerLine), {
    x: MARGIN,
    y: PAGE_HEIGHT - 72,
    font: fonts.regular,
    size: 11,
    color: WHITE,
  });
  drawCentred(page, doc.title, { y: PAGE_HEIGHT - 150, font: fonts.bold, size: 26, color: INK });
  drawCentred(page, `Certificate No. ${doc.certificateNumber}`, {
    y: PAGE_HEIGHT - 172,
    font: fonts.regular,
    size: 11,
    color: MUTED,
  });
}

/** The plate number in large type in a plate-like frame; returns the y below it. */
function drawPlate(page: PDFPage, doc: CertificateDocument, fonts: Fonts): number {
  const top = PAGE_HEIGHT - 196;
  drawCentred(page, 'Registration plate', { y: top, font: fonts.regular, size: 9, color: MUTED });
  const plate = printable(fonts.bold, doc.plateNumber);
  const size = Math.min(52, (CONTENT_WIDTH - 80) / fonts.bold.widthOfTextAtSize(plate, 1));
  const textWidth = fonts.bold.widthOfTextAtSize(plate, size);
  const boxWidth = Math.min(CONTENT_WIDTH, textWidth + 64);
  const boxHeight = size + 28;
  const boxBottom = top - 10 - boxHeight;
  page.drawRectangle({
    x: (PAGE_WIDTH - boxWidth) / 2,
    y: boxBottom,
    width: boxWidth,
    height: boxHeight,
    color: rgb(1, 0.97, 0.82),
    borderColor: INK,
    borderWidth: 2.5,
  });
  // Capital letters stand about 0.72 of the size above the baseline in Helvetica Bold.
  page.drawText(plate, {
    x: (PAGE_WIDTH - textWidth) / 2,
    y: boxBottom + (boxHeight - size * 0.72) / 2,
    font: fonts.bold,
    size,
    color: INK,
  });
  return boxBottom - 32;
}

/** Owner, vehicle and registration, label beside value; returns the y below the last row. */
function drawDetails(page: PDFPage, doc: CertificateDocument, fonts: Fonts, top: number): number {
  let y = top;
  for (const section of doc.sections) {
    page.drawText(printable(fonts.bold, section.heading), { x: MARGIN, y, font: fonts.bold, size: 12, color: BRAND });
    page.drawLine({
      start: { x: MARGIN, y: y - 6 },
      end: { x: MARGIN + DETAILS_WIDTH, y: y - 6 },
      thickness: 0.75,
      color: RULE,
    });
    y -= 22;
    for (const row of section.rows) {
      page.drawText(printable(fonts.regular, row.label), { x: MARGIN, y, font: fonts.regular, size: 9, color: MUTED });
      const lines = wrap(row.value, fonts.bold, 11, DETAILS_WIDTH - LABEL_WIDTH);
      y =
        drawLines(page, lines, { x: MARGIN + LABEL_WIDTH, y, font: fonts.bold, size: 11, lineHeight: 14, color: INK }) -
        4;
    }
    y -= 12;
  }
  return y;
}

/** The QR code, its caption and its link, in the right-hand column; returns the y below the link. */
function drawQr(page: PDFPage, doc: CertificateDocument, fonts: Fonts, qr: PDFImage, top: number): number {
  const columnX = PAGE_WIDTH - MARGIN - QR_COLUMN_WIDTH;
  const qrBottom = top + 12 - QR_SIZE;
  page.drawImage(qr, { x: columnX + (QR_COLUMN_WIDTH - QR_SIZE) / 2, y: qrBottom, width: QR_SIZE, height: QR_SIZE });
  const caption = printable(fonts.bold, doc.qrCaption);
  page.drawText(caption, {
    x: columnX + (QR_COLUMN_WIDTH - fonts.bold.widthOfTextAtSize(caption, 11)) / 2,
    y: qrBottom - 14,
    font: fonts.bold,
    size: 11,
    color: INK,
  });
  const link = wrap(doc.verificationUrl, fonts.mono, 6.5, QR_COLUMN_WIDTH);
  return drawLines(page, link, {
    x: columnX,
    y: qrBottom - 28,
    font: fonts.mono,
    size: 6.5,
    lineHeight: 8,
    color: MUTED,
  });
}

function drawFooter(page: PDFPage, doc: CertificateDocument, fonts: Fonts, top: number): void {
  let y = top;
  for (const paragraph of doc.issueNote) {
    y =
      drawLines(page, wrap(paragraph, fonts.regular, 9.5, CONTENT_WIDTH), {
        x: MARGIN,
        y,
        font: fonts.regular,
        size: 9.5,
        lineHeight: 13,
        color: INK,
      }) - 5;
  }
  page.drawLine({ start: { x: MARGIN, y: 58 }, end: { x: PAGE_WIDTH - MARGIN, y: 58 }, thickness: 0.75, color: RULE });
  page.drawText(printable(fonts.regular, doc.footer), {
    x: MARGIN,
    y: 44,
    font: fonts.regular,
    size: 8.5,
    color: MUTED,
  });
}

/** The device's calendar date, YYYY-MM-DD: a certificate printed in Lusaka at 01:00 bears that day's date. */
function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * The certificate of a registered plate. `origin` is the site whose verification page the
 * QR code opens (the app's own), `printedAt` the moment it is made.
 */
export async function certificatePdf(
  plate: OwnedPlate,
  { origin, printedAt }: { origin: string; printedAt: Date },
): Promise<CertificatePdf> {
  if (!isRegisteredPlate(plate))
    throw new PlateDocumentError(
      `Plate ${plate.plateNumber} is not registered yet: its certificate is available once it is registered.`,
    );
  const doc = certificateDocument(plate, {
    verificationUrl: credentialUrl(origin, plateCredentialBytes(plate)),
    printedOn: localDate(printedAt),
  });

  const [pdf, png] = await Promise.all([
    PDFDocument.create(),
    plateQrPngBytes(plate, { origin, pixelsPerModule: CERTIFICATE_QR_PIXELS_PER_MODULE }),
  ]);
  pdf.setTitle(`${doc.title} ${doc.plateNumber}`);
  pdf.setSubject(`${doc.title} ${doc.certificateNumber}`);
  pdf.setAuthor(doc.issuer);
  pdf.setCreator(doc.issuer);
  pdf.setProducer(doc.issuer);
  pdf.setKeywords([doc.plateNumber, doc.certificateNumber]);
  pdf.setLanguage('en-GB');
  pdf.setCreationDate(printedAt);
  pdf.setModificationDate(printedAt);

  const [regular, bold, mono, qr] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
    pdf.embedFont(StandardFonts.Courier),
    pdf.embedPng(png),
  ]);
  const fonts: Fonts = { regular, bold, mono };
  const page = pdf.addPage(PageSizes.A4);

  drawHeader(page, doc, fonts);
  const columnsTop = drawPlate(page, doc, fonts);
  const detailsEnd = drawDetails(page, doc, fonts, columnsTop);
  const qrEnd = drawQr(page, doc, fonts, qr, columnsTop);
  drawFooter(page, doc, fonts, Math.min(detailsEnd, qrEnd) - 16);

  return { bytes: await pdf.save(), fileName: doc.fileName, certificateNumber: doc.certificateNumber };
}
