/**
 * A registered plate's signed QR code as a PNG, made on this device from its synced copy of
 * the plate (so it works offline). The downloads built on it are in plate-downloads.ts.
 */
import { digitsToBytes } from '#domain/credential/numeric';
import type { OwnedPlate } from '#domain/plates/owned-plate';

/** The level docs/credential.md sizes the code for: version 10 or lower for any credential. */
export const QR_ERROR_CORRECTION = 'M';
/** The four-module quiet zone the QR standard asks for, so a camera finds the code on a busy page. */
export const QR_QUIET_ZONE_MODULES = 4;
/** Pixels per module of the downloaded image: about 600 px square, sharp when printed on a sticker. */
export const DOWNLOAD_PIXELS_PER_MODULE = 10;

/** Why a plate's QR code or certificate cannot be made; its message is for the owner. */
export class PlateDocumentError extends Error {
  override name = 'PlateDocumentError';
}

/** The signed credential of a registered plate, from the digits its QR code carries. */
export function plateCredentialBytes(plate: OwnedPlate): Uint8Array {
  if (plate.registration === null) {
    throw new PlateDocumentError(
      `Plate ${plate.plateNumber} is not registered yet: its certificate and QR code are available once it is registered.`,
    );
  }
  const bytes = digitsToBytes(plate.registration.credentialDigits);
  if (bytes === null) {
    throw new PlateDocumentError(
      `The QR code of plate ${plate.plateNumber} cannot be read from this device’s copy. Sync this device and try again.`,
    );
  }
  return bytes;
}

/**
 * The plate's QR code as a PNG data URL: the credential link of `origin` (the page a camera
 * opens), in two segments at error correction M, black on white.
 */
export async function plateQrPngDataUrl(
  plate: OwnedPlate,
  { origin, pixelsPerModule = DOWNLOAD_PIXELS_PER_MODULE }: { origin: string; pixelsPerModule?: number },
): Promise<string> {
  const bytes = plateCredentialBytes(plate);
  // The credential codec (with its signature library) loads with the QR library, not with the page.
  const [{ default: QRCode }, { credentialQrSegments }] = await Promise.all([
    import('qrcode'),
    import('#domain/credential/qr-url'),
  ]);
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
  if (!dataUrl.startsWith('data:') || comma < 0 || !dataUrl.slice(0, comma).endsWith(';base64'))
    throw new Error('Expected a base64 data URL');
  const binary = atob(dataUrl.slice(comma + 1));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function plateQrPngBytes(
  plate: OwnedPlate,
  options: { origin: string; pixelsPerModule?: number },
): Promise<Uint8Array> {
  return dataUrlBytes(await plateQrPngDataUrl(plate, options));
}
