/**
 * The two downloads every owner screen offers, the plate's QR code as an image and its
 * registration certificate as a PDF, and the one way the app hands a file it made to the
 * browser. The PDF library loads only when a certificate is asked for.
 */
import { plateQrFileName } from '#domain/certificates/certificate-document';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import { plateCredentialBytes, plateQrPngBytes } from './plate-qr';

/** The User Timing measure for making a certificate, which the benchmark and the end-to-end tests read. */
export const CERTIFICATE_MEASURE = 'nambala:certificate-pdf';

/** Hands a file made on this device to the browser's downloads. */
export function saveFile(bytes: Uint8Array, type: string, fileName: string): void {
  // slice(): a Blob takes views of a plain ArrayBuffer, which the copy always is.
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Download QR": the plate's QR code as a PNG, the same code as on its certificate. */
export async function downloadPlateQr(plate: OwnedPlate): Promise<void> {
  const png = await plateQrPngBytes(plate, { origin: window.location.origin });
  saveFile(png, 'image/png', plateQrFileName(plate.plateNumber));
}

/** "Download certificate (PDF)": the plate's registration certificate with its QR code. */
export async function downloadCertificate(plate: OwnedPlate): Promise<void> {
  plateCredentialBytes(plate); // says why at once, before the PDF library loads
  const start = performance.now();
  const { certificatePdf } = await import('./certificate-pdf');
  const pdf = await certificatePdf(plate, { origin: window.location.origin, printedAt: new Date() });
  try {
    performance.measure(CERTIFICATE_MEASURE, { start, end: performance.now() });
  } catch {
    // No User Timing here: the download matters, the figure does not.
  }
  saveFile(pdf.bytes, 'application/pdf', pdf.fileName);
}
