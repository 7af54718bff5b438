import { describe, expect, it } from 'vitest';
import {
  certificateDocument,
  certificateFileName,
  longDate,
  plateQrFileName,
} from '#domain/certificates/certificate-document';
import { certificateNumber } from '#domain/certificates/certificate-number';
import { registeredPlate } from '../../app/features/certificates/owned-plate-fixture';

const plate = registeredPlate();
const URL = 'https://nambala.gov.zm/v#0028';
const doc = certificateDocument(plate, { verificationUrl: URL, printedOn: '2026-11-22' });
const rows = Object.fromEntries(doc.sections.flatMap((section) => section.rows.map((row) => [row.label, row.value])));

describe('certificateDocument', () => {
  it('is titled Certificate of Registration by Nambala, with the certificate number and plate', () => {
    expect(doc.title).toBe('Certificate of Registration');
    expect(doc.issuer).toBe('Nambala');
    expect(doc.certificateNumber).toBe(certificateNumber(plate, plate.registration));
    expect(doc.plateNumber).toBe('ZM-123-ABC');
  });

  it('states the owner, the vehicle and the dates in sections', () => {
    expect(doc.sections.map((section) => section.heading)).toEqual(['Registered owner', 'Vehicle', 'Registration']);
    expect(rows).toEqual({
      Name: 'Mwila Banda',
      'NRC number': '204518/10/1',
      Make: 'Toyota',
      Model: 'Corolla',
      Colour: 'Silver',
      Year: '2019',
      'Chassis number': 'JTDBR32E720123456',
      'Registration date': '15 March 2024',
      'Expiry date': '15 March 2029',
      'Signed by': 'The Nambala registry (signing key 1)',
    });
  });

  it('puts the verification link and "Scan to verify this plate" with the QR code', () => {
    expect(doc.verificationUrl).toBe(URL);
    expect(doc.qrCaption).toBe('Scan to verify this plate');
  });

  it('notes who issued it and for how long, and dates the printing', () => {
    expect(doc.issueNote[0]).toBe(
      'Issued by the Nambala registry: plate ZM-123-ABC is registered to the owner and vehicle above from 15 March 2024 until the end of 15 March 2029.',
    );
    expect(doc.footer).toBe(`Printed on 22 November 2026 · ${doc.certificateNumber}`);
  });

  it('shows a dash for a detail the registration does not hold', () => {
    const withoutNrc = certificateDocument(
      { ...plate, registration: { ...plate.registration, ownerNrc: '' } },
      { verificationUrl: URL, printedOn: '2026-11-22' },
    );
    expect(withoutNrc.sections[0]?.rows[1]).toEqual({ label: 'NRC number', value: '—' });
  });

  it('names the PDF after the plate', () => {
    expect(doc.fileName).toBe('nambala-certificate-ZM-123-ABC.pdf');
  });
});

describe('file names', () => {
  it('keep the plate readable and safe in any file system', () => {
    expect(certificateFileName('LUSAKA 1')).toBe('nambala-certificate-LUSAKA-1.pdf');
    expect(plateQrFileName('ZM-123-ABC')).toBe('nambala-qr-ZM-123-ABC.png');
  });
});

describe('longDate', () => {
  it('writes the month in words', () => {
    expect(longDate('2024-03-05')).toBe('5 March 2024');
    expect(longDate('2029-12-31')).toBe('31 December 2029');
  });

  it('returns anything that is not a date as given', () => {
    expect(longDate('2024-13-01')).toBe('2024-13-01');
    expect(longDate('')).toBe('');
  });
});
