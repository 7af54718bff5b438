import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateNumber } from '#domain/certificates/certificate-number';
import { credentialFromText, credentialQrSegments, credentialUrl } from '#domain/credential/qr-url';
import { verifyCredential } from '#domain/credential/verdict';
import { digitsToBytes } from '#domain/credential/numeric';
import { CERTIFICATE_QR_PIXELS_PER_MODULE, certificatePdf } from '../../../src/app/plate-documents/certificate-pdf';
import { PlateDocumentError, QR_QUIET_ZONE_MODULES } from '../../../src/app/plate-documents/plate-qr';
import { COROLLA, DEVICE } from '../../domain/credential/credential-test-kit';
import { heldPlate, registeredPlate } from '../features/certificates/owned-plate-fixture';
import { embeddedImages, pageTexts } from './pdf-reading';

const ORIGIN = 'https://nambala.gov.zm';
const PRINTED_AT = new Date('2026-11-22T12:00:00Z');
const plate = registeredPlate();
const credentialLink = credentialUrl(ORIGIN, digitsToBytes(plate.registration.credentialDigits) ?? new Uint8Array());

async function readBack(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { pdf, texts: pageTexts(pdf), images: embeddedImages(pdf) };
}

function decodeQr(image: { width: number; height: number; data: Uint8ClampedArray }): string | null {
  return jsQR(image.data, image.width, image.height)?.data ?? null;
}

describe('certificatePdf, for a registered plate', () => {
  let made: Awaited<ReturnType<typeof certificatePdf>>;
  let read: Awaited<ReturnType<typeof readBack>>;
  beforeAll(async () => {
    made = await certificatePdf(plate, { origin: ORIGIN, printedAt: PRINTED_AT });
    read = await readBack(made.bytes);
  });

  it('is a one-page A4 PDF named after the plate, its metadata naming the certificate', () => {
    expect(new TextDecoder().decode(made.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(read.pdf.getPageCount()).toBe(1);
    const { width, height } = read.pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(made.fileName).toBe('nambala-certificate-ZM-123-ABC.pdf');
    expect(made.certificateNumber).toBe(certificateNumber(plate, plate.registration));
    expect(read.pdf.getTitle()).toBe('Certificate of Registration ZM-123-ABC');
    expect(read.pdf.getSubject()).toBe(`Certificate of Registration ${made.certificateNumber}`);
    expect(read.pdf.getAuthor()).toBe('Nambala');
    expect(read.pdf.getCreationDate()?.toISOString()).toBe(PRINTED_AT.toISOString());
  });

  it('shows the title, certificate number, plate, owner, vehicle and dates', () => {
    expect(read.texts).toEqual(
      expect.arrayContaining([
        'NAMBALA',
        'Certificate of Registration',
        `Certificate No. ${made.certificateNumber}`,
        'ZM-123-ABC',
        'Mwila Banda',
        '204518/10/1',
        'Toyota',
        'Corolla',
        'Silver',
        '2019',
        'JTDBR32E720123456',
        '15 March 2024',
        '15 March 2029',
        'Scan to verify this plate',
        `Printed on 22 November 2026 · ${made.certificateNumber}`,
      ]),
    );
  });

  it('prints the verification link under the QR code, and the note on who issued it', () => {
    const all = read.texts.join('');
    expect(all).toContain(credentialLink);
    expect(all.indexOf(credentialLink)).toBeGreaterThan(all.indexOf('Scan to verify this plate'));
    const prose = read.texts.join(' ');
    expect(prose).toContain(
      'Issued by the Nambala registry: plate ZM-123-ABC is registered to the owner and vehicle above',
    );
    expect(prose).toContain('The QR code carries the registry’s signed credential for this plate.');
  });

  it('embeds one QR code, opaque, that reads back as the plate’s credential link', () => {
    expect(read.images).toHaveLength(1);
    const [qr] = read.images;
    if (!qr) throw new Error('no image');
    expect(qr.hasSoftMask).toBe(false);
    expect(decodeQr(qr)).toBe(credentialLink);
    // Whole pixels a module, quiet zone included: the modules print as exact squares.
    const modules = QRCode.create(
      credentialQrSegments(ORIGIN, digitsToBytes(plate.registration.credentialDigits) ?? new Uint8Array()),
      { errorCorrectionLevel: 'M' },
    ).modules.size;
    expect([qr.width, qr.height]).toEqual([
      (modules + 2 * QR_QUIET_ZONE_MODULES) * CERTIFICATE_QR_PIXELS_PER_MODULE,
      (modules + 2 * QR_QUIET_ZONE_MODULES) * CERTIFICATE_QR_PIXELS_PER_MODULE,
    ]);
  });

  it('carries a credential that a device trusting the registry key verifies as Valid', () => {
    const [qr] = read.images;
    const bytes = credentialFromText(qr ? (decodeQr(qr) ?? '') : '');
    expect(bytes).not.toBeNull();
    const verdict = verifyCredential(bytes ?? new Uint8Array(), DEVICE);
    expect(verdict).toEqual({ verdict: 'Valid', credential: COROLLA });
  });

  it('is the same file each time for the same plate and moment', async () => {
    const again = await certificatePdf(plate, { origin: ORIGIN, printedAt: PRINTED_AT });
    expect(Buffer.from(again.bytes).equals(Buffer.from(made.bytes))).toBe(true);
  });
});

describe('certificatePdf', () => {
  it('points the QR code at the verification page of the origin it is given', async () => {
    const { images } = await readBack(
      (await certificatePdf(plate, { origin: 'http://localhost:8080', printedAt: PRINTED_AT })).bytes,
    );
    const [qr] = images;
    expect(qr && decodeQr(qr)).toBe(
      credentialUrl('http://localhost:8080', digitsToBytes(plate.registration.credentialDigits) ?? new Uint8Array()),
    );
  });

  it('refuses a plate that is not registered yet, saying so', async () => {
    const refusal = certificatePdf(heldPlate('ZM-456-DEF'), { origin: ORIGIN, printedAt: PRINTED_AT });
    await expect(refusal).rejects.toBeInstanceOf(PlateDocumentError);
    await expect(refusal).rejects.toThrow('Plate ZM-456-DEF is not registered yet');
  });

  it('refuses a registration whose credential digits are damaged rather than print a wrong code', async () => {
    const damaged = registeredPlate(COROLLA, { credentialDigits: '12' });
    await expect(certificatePdf(damaged, { origin: ORIGIN, printedAt: PRINTED_AT })).rejects.toThrow(
      'cannot be read from this device’s copy',
    );
  });

  it('prints letters the standard PDF fonts lack without their accents, keeping the ones they have', async () => {
    const fields = { ...COROLLA, make: 'Citroën', model: 'Škoda Mix' };
    const { texts, images } = await readBack(
      (
        await certificatePdf(registeredPlate(fields, { ownerName: 'Mwilă Bandă 中' }), {
          origin: ORIGIN,
          printedAt: PRINTED_AT,
        })
      ).bytes,
    );
    expect(texts).toEqual(expect.arrayContaining(['Citroën', 'Škoda Mix', 'Mwila Banda ?']));
    const [qr] = images;
    expect(verifyCredential(credentialFromText(qr ? (decodeQr(qr) ?? '') : '') ?? new Uint8Array(), DEVICE)).toEqual({
      verdict: 'Valid',
      credential: fields,
    });
  });

  it('wraps a long owner name over several lines of its column', async () => {
    const ownerName = 'Chilufya Mwansa Mulenga-Bwalya Kapembwa Chisanga Nakamba';
    const { texts } = await readBack(
      (await certificatePdf(registeredPlate(COROLLA, { ownerName }), { origin: ORIGIN, printedAt: PRINTED_AT })).bytes,
    );
    const start = texts.findIndex((text) => ownerName.startsWith(text));
    const lines = texts.slice(start, start + 3).filter((text) => ownerName.includes(text));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(ownerName);
  });
});
