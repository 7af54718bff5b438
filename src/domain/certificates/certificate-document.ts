// What a registration certificate says, line by line, and what its files are called. The
// PDF module only lays these lines out, so the wording is decided (and tested) here, apart
// from any PDF library. The date of printing is passed in.
import { type RegisteredOwnedPlate, certificateNumber } from './certificate-number';

export const CERTIFICATE_TITLE = 'Certificate of Registration';
export const CERTIFICATE_ISSUER = 'Nambala';
export const CERTIFICATE_ISSUER_LINE = 'Zambian vehicle licence plate registry';
export const CERTIFICATE_QR_CAPTION = 'Scan to verify this plate';

export interface CertificateRow {
  label: string;
  value: string;
}

export interface CertificateSection {
  heading: string;
  rows: CertificateRow[];
}

export interface CertificateDocument {
  title: typeof CERTIFICATE_TITLE;
  issuer: typeof CERTIFICATE_ISSUER;
  issuerLine: typeof CERTIFICATE_ISSUER_LINE;
  certificateNumber: string;
  plateNumber: string;
  sections: CertificateSection[];
  qrCaption: typeof CERTIFICATE_QR_CAPTION;
  /** The link the QR code carries, printed under it for anyone without a camera. */
  verificationUrl: string;
  /** Paragraphs at the foot of the certificate. */
  issueNote: string[];
  /** e.g. 'Printed on 22 November 2026 · NCR-20240315-ZM123ABC-K1-7KQ2' */
  footer: string;
  fileName: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2024-03-15' → '15 March 2024': unambiguous on paper, whatever the reader's habits. Other text is returned as given. */
export function longDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : isoDate;
}

/** A plate number as part of a file name: 'ZM-123-ABC' stays, 'LUSAKA 1' → 'LUSAKA-1'. */
function fileSafe(plateNumber: string): string {
  return plateNumber.replace(/[^A-Za-z0-9-]+/g, '-');
}

export function certificateFileName(plateNumber: string): string {
  return `nambala-certificate-${fileSafe(plateNumber)}.pdf`;
}

export function plateQrFileName(plateNumber: string): string {
  return `nambala-qr-${fileSafe(plateNumber)}.png`;
}

const orDash = (value: string) => (value.trim() === '' ? '—' : value);

/**
 * The certificate of a registered plate. `verificationUrl` is the credential's link
 * (credentialUrl in src/domain/credential/qr-url.ts), `printedOn` a YYYY-MM-DD date.
 */
export function certificateDocument(
  plate: RegisteredOwnedPlate,
  { verificationUrl, printedOn }: { verificationUrl: string; printedOn: string },
): CertificateDocument {
  const registration = plate.registration;
  const number = certificateNumber(plate, registration);
  return {
    title: CERTIFICATE_TITLE,
    issuer: CERTIFICATE_ISSUER,
    issuerLine: CERTIFICATE_ISSUER_LINE,
    certificateNumber: number,
    plateNumber: plate.plateNumber,
    sections: [
      {
        heading: 'Registered owner',
        rows: [
          { label: 'Name', value: orDash(registration.ownerName) },
          { label: 'NRC number', value: orDash(registration.ownerNrc) },
        ],
      },
      {
        heading: 'Vehicle',
        rows: [
          { label: 'Make', value: registration.make },
          { label: 'Model', value: registration.model },
          { label: 'Colour', value: registration.colour },
          { label: 'Year', value: String(registration.year) },
          { label: 'Chassis number', value: orDash(registration.chassisNumber) },
        ],
      },
      {
        heading: 'Registration',
        rows: [
          { label: 'Registration date', value: longDate(registration.registrationDate) },
          { label: 'Expiry date', value: longDate(registration.expiryDate) },
          // Who vouches for it, in words; the key's number is for a support desk matching a revoked key.
          { label: 'Signed by', value: `The ${CERTIFICATE_ISSUER} registry (signing key ${registration.keyId})` },
        ],
      },
    ],
    qrCaption: CERTIFICATE_QR_CAPTION,
    verificationUrl,
    issueNote: [
      `Issued by the ${CERTIFICATE_ISSUER} registry: plate ${plate.plateNumber} is registered to the owner and vehicle above from ${longDate(registration.registrationDate)} until the end of ${longDate(registration.expiryDate)}.`,
      'The QR code carries the registry’s signed credential for this plate. Scanning it with any phone camera opens the verification page, which checks the signature, the expiry date and the list of revoked and stolen plates, and shows whether the plate is valid today. Verification shows the vehicle, never the owner’s personal details.',
      'The make, model and colour on this certificate must match the vehicle that carries the plate.',
    ],
    footer: `Printed on ${longDate(printedOn)} · ${number}`,
    fileName: certificateFileName(plate.plateNumber),
  };
}
