import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credentialQrSegments, credentialUrl } from '#domain/credential/qr-url';
import { digitsToBytes } from '#domain/credential/numeric';
import {
  CERTIFICATE_MEASURE,
  downloadCertificate,
  downloadPlateQr,
} from '../../../src/app/plate-documents/plate-downloads';
import {
  dataUrlBytes,
  DOWNLOAD_PIXELS_PER_MODULE,
  PlateDocumentError,
  plateCredentialBytes,
  plateQrPngBytes,
  plateQrPngDataUrl,
  QR_QUIET_ZONE_MODULES,
} from '../../../src/app/plate-documents/plate-qr';
import { COROLLA } from '../../domain/credential/credential-test-kit';
import { heldPlate, registeredPlate } from '../features/certificates/owned-plate-fixture';
import { decodePng, pngSize } from './png-reading';
import { PDFDocument } from 'pdf-lib';
import { embeddedImages } from './pdf-reading';

const ORIGIN = 'https://nambala.gov.zm';
const plate = registeredPlate();
const credential = digitsToBytes(plate.registration.credentialDigits) ?? new Uint8Array();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('plateQrPngBytes', () => {
  it('draws the credential link of the origin at error correction M with a four-module quiet zone', async () => {
    const png = await plateQrPngBytes(plate, { origin: ORIGIN });
    const modules = QRCode.create(credentialQrSegments(ORIGIN, credential), { errorCorrectionLevel: 'M' }).modules.size;
    expect(pngSize(png)).toEqual({
      width: (modules + 2 * QR_QUIET_ZONE_MODULES) * DOWNLOAD_PIXELS_PER_MODULE,
      height: (modules + 2 * QR_QUIET_ZONE_MODULES) * DOWNLOAD_PIXELS_PER_MODULE,
    });
    const image = decodePng(png);
    expect(jsQR(image.data, image.width, image.height)?.data).toBe(credentialUrl(ORIGIN, credential));
  });

  it('is the same code as the one on the certificate', async () => {
    const { certificatePdf } = await import('../../../src/app/plate-documents/certificate-pdf');
    const pdf = await PDFDocument.load(
      (await certificatePdf(plate, { origin: ORIGIN, printedAt: new Date('2026-11-22T12:00:00Z') })).bytes,
    );
    const [onCertificate] = embeddedImages(pdf);
    const image = decodePng(await plateQrPngBytes(plate, { origin: ORIGIN }));
    expect(onCertificate && jsQR(onCertificate.data, onCertificate.width, onCertificate.height)?.data).toBe(
      jsQR(image.data, image.width, image.height)?.data,
    );
  });

  it('is also given as a PNG data URL', async () => {
    const url = await plateQrPngDataUrl(plate, { origin: ORIGIN, pixelsPerModule: 2 });
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(
      Buffer.from(dataUrlBytes(url)).equals(
        Buffer.from(await plateQrPngBytes(plate, { origin: ORIGIN, pixelsPerModule: 2 })),
      ),
    ).toBe(true);
  });
});

describe('plateCredentialBytes', () => {
  it('reads the signed credential from the digits the plate carries', () => {
    expect(plateCredentialBytes(plate)).toEqual(credential);
  });

  it('says a plate that is not registered has no QR code yet', () => {
    expect(() => plateCredentialBytes(heldPlate('ZM-456-DEF'))).toThrow(
      new PlateDocumentError(
        'Plate ZM-456-DEF is not registered yet: its certificate and QR code are available once it is registered.',
      ),
    );
  });

  it('refuses damaged digits rather than draw a code that cannot verify', () => {
    expect(() => plateCredentialBytes(registeredPlate(COROLLA, { credentialDigits: '12x' }))).toThrow(
      PlateDocumentError,
    );
  });
});

describe('dataUrlBytes', () => {
  it('refuses anything but a base64 data URL', () => {
    expect(() => dataUrlBytes('data:image/svg+xml;charset=utf-8,%3Csvg')).toThrow('base64 data URL');
    expect(() => dataUrlBytes('https://nambala.gov.zm/qr.png')).toThrow('base64 data URL');
  });
});

/** A browser with just what a download touches; returns the files handed to it. */
function fakeBrowser(): Array<{ fileName: string; blob: Blob }> {
  const saved: Array<{ fileName: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${ORIGIN}/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const link = {
    href: '',
    download: '',
    rel: '',
    style: {} as Record<string, string>,
    click() {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ fileName: this.download, blob });
    },
    remove() {},
  };
  vi.stubGlobal('window', { location: { origin: ORIGIN } });
  vi.stubGlobal('document', { createElement: () => link, body: { append: () => undefined } });
  return saved;
}

describe('downloads', () => {
  it('Download QR hands the browser a PNG named after the plate', async () => {
    const saved = fakeBrowser();
    await downloadPlateQr(plate);
    expect(saved.map((file) => [file.fileName, file.blob.type])).toEqual([['nambala-qr-ZM-123-ABC.png', 'image/png']]);
    const image = decodePng(new Uint8Array(await saved[0]!.blob.arrayBuffer()));
    expect(jsQR(image.data, image.width, image.height)?.data).toBe(credentialUrl(ORIGIN, credential));
  });

  it('Download certificate hands the browser the PDF and records how long it took', async () => {
    const saved = fakeBrowser();
    performance.clearMeasures(CERTIFICATE_MEASURE);
    await downloadCertificate(plate);
    expect(saved.map((file) => [file.fileName, file.blob.type])).toEqual([
      ['nambala-certificate-ZM-123-ABC.pdf', 'application/pdf'],
    ]);
    const pdf = await PDFDocument.load(await saved[0]!.blob.arrayBuffer());
    expect(pdf.getTitle()).toBe('Certificate of Registration ZM-123-ABC');
    expect(performance.getEntriesByName(CERTIFICATE_MEASURE)).toHaveLength(1);
  });

  it('Download certificate says at once why an unregistered plate has none, and saves nothing', async () => {
    const saved = fakeBrowser();
    await expect(downloadCertificate(heldPlate('ZM-456-DEF'))).rejects.toThrow('not registered yet');
    expect(saved).toEqual([]);
  });
});
