/**
 * A registered plate's signed QR code as a PNG, and the two downloads every owner screen
 * offers: the QR code as an image and the registration certificate as a PDF. Both are made
 * on this device from its synced copy of the plate, so they work offline. The QR and PDF
 * libraries load only when a download starts, so no screen's first load carries them.
 */
import { plateQrFileName } from '#domain/certificates/certificate-document';
import { digitsToBytes } from '#domain/credential/numeric';
import type { OwnedPlate } from '#domain/plates/owned-plate';

/** The level docs/credential.md sizes the code for: version 10 or lower for any credential. */
export const QR_ERROR_CORRECTION = 'M';
/** The four-module quiet zone the QR standard asks for, so a camera finds the code on a busy page. */
export const QR_QUIET_ZONE_MODULES = 4;
/** Pixels per module of the downloaded image: about 600 px square, sharp when printed on a sticker. */
export const DOWNLOAD_PIXELS_PER_MODULE = 10;

/** The User Timing measure for making a certificate, which the benchmark and the end-to-end tests read. */
export const CERTIFICATE_MEASURE = 'nambala:certificate-pdf';

/** Why a plate's QR code or certificate cannot be made; its message is for the owner. */
export class PlateDocumentError extends Error {
  override name = 'PlateDocumentError';
}

/** The signed credential of a registered plate, from the digits its QR code carries. */
export function plateCredentialBytes(plate: OwnedPlate): Uint8Array {
  if (plate.registration === null) {
    throw new PlateDocumentError(`Plate ${plate.plateNumber} is not registered yet: its certificate and QR code are available once it is registered.`);
  }
  const bytes = digitsToBytes(plate.registration.credentialDigits);
  if (bytes === null) {
    throw new PlateDocumentError(`The QR code of plate ${plate.plateNumber} cannot be read from this device’s copy. Sync this device and try again.`);
  }
  return bytes;
}

/**
 * The plate's QR code as a PNG data URL: the credential link of `origin` (the page a camera
 * opens), in two segments at error correction M, black on white.
 */
export async function plateQrPngDataUrl(plate: OwnedPlate, { origin, pixelsPerModule = DOWNLOAD_PIXELS_PER_MODULE }: { origin: string; pixelsPerModule?: number }): Promise<string> {
  const bytes = plateCredentialBytes(plate);
  // The credential codec (with its signature library) loads with the QR library, not with the page.
  const [{ default: QRCode }, { credentialQrSegments }] = await Promise.all([import('qrcode'), import('#domain/credential/qr-url')]);
  return QRCode.toDataURL(credentialQrSegments(origin, bytes), {
    type: 'image/png',
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: QR_QUIET_ZONE_MODULES,
    scale: pixelsPerModule,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

/** The bytes of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !dataUrl.slice(0, comma).endsWith(';base64')) throw new Error('Expected a base64 data URL');
  const binary = atob(dataUrl.slice(comma + 1));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function plateQrPngBytes(plate: OwnedPlate, options: { origin: string; pixelsPerModule?: number }): Promise<Uint8Array> {
  return dataUrlBytes(await plateQrPngDataUrl(plate, options));
}

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
