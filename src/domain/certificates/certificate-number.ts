// The number printed on a registration certificate. It is computed, never stored or issued:
// the same registration always prints the same number, on any device and offline, and a
// re-issued registration (a transfer, a renewal, a corrected record) prints a new one.
// The rule is documented in docs/certificates.md.
import type { OwnedPlate, PlateRegistration } from '../plates/owned-plate';

/** An owner's plate once the registry has registered it to a vehicle. */
export type RegisteredOwnedPlate = OwnedPlate & { registration: PlateRegistration };

export function isRegisteredPlate(plate: OwnedPlate): plate is RegisteredOwnedPlate {
  return plate.registration !== null;
}

export const CERTIFICATE_NUMBER_PREFIX = 'NCR';

/** Crockford's base 32: no I, L, O or U, so a number read aloud or copied by hand is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CHECK_LENGTH = 4;

const utf8Encoder = new TextEncoder();

/** FNV-1a (32-bit) over UTF-8 bytes: small, the same everywhere, and enough to tell registrations apart. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of utf8Encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Four base-32 characters (20 bits) over everything the certificate states: the signed
 * credential (plate, make, model, colour, dates, key id and signature) and the owner and
 * vehicle details the credential does not carry. Fields are joined with a separator that
 * none of them can contain unnoticed, because each is preceded by its length.
 */
export function registrationCheckCode(plate: Pick<OwnedPlate, 'plateNumber'>, registration: PlateRegistration): string {
  const fields = [
    plate.plateNumber,
    registration.registrationDate,
    registration.expiryDate,
    String(registration.keyId),
    registration.credentialDigits,
    registration.ownerName,
    registration.ownerNrc,
    registration.chassisNumber,
    String(registration.year),
  ];
  let value = fnv1a(fields.map((field) => `${field.length}:${field}`).join('|'));
  let code = '';
  for (let i = 0; i < CHECK_LENGTH; i += 1) {
    code = (CROCKFORD[value & 31] ?? '0') + code;
    value >>>= 5;
  }
  return code;
}

/** 'ZM-123-ABC' → 'ZM123ABC', 'LUSAKA 1' → 'LUSAKA1'. */
export function compactPlateNumber(plateNumber: string): string {
  return plateNumber.replace(/[\s-]+/g, '');
}

/**
 * NCR-<registration date as yyyymmdd>-<plate without spaces or hyphens>-K<key id>-<check>,
 * e.g. NCR-20240315-ZM123ABC-K1-7KQ2. The date, plate and key say at a glance which
 * registration it is; the check code changes whenever anything the certificate states
 * changes, so two registrations of one plate on one day still print different numbers.
 */
export function certificateNumber(plate: Pick<OwnedPlate, 'plateNumber'>, registration: PlateRegistration): string {
  const date = registration.registrationDate.replaceAll('-', '');
  return [
    CERTIFICATE_NUMBER_PREFIX,
    date,
    compactPlateNumber(plate.plateNumber),
    `K${registration.keyId}`,
    registrationCheckCode(plate, registration),
  ].join('-');
}
