// An owner's registered plate as sync puts it on a device, with a credential signed by the
// credential tests' key 1 (Toyota Corolla ZM-123-ABC, registered 2024-03-15 until 2029-03-15).
import { type CredentialFields, signCredential } from '#domain/credential/credential';
import { bytesToDigits } from '#domain/credential/numeric';
import type { RegisteredOwnedPlate } from '#domain/certificates/certificate-number';
import type { OwnedPlate, PlateRegistration } from '#domain/plates/owned-plate';
import { COROLLA, SEED_1 } from '../../../domain/credential/credential-test-kit';

export const OWNER_DETAILS = {
  year: 2019,
  chassisNumber: 'JTDBR32E720123456',
  ownerName: 'Mwila Banda',
  ownerNrc: '204518/10/1',
} as const;

/** A registration whose credential is signed over `fields` with key 1's seed. */
export function signedRegistration(
  fields: CredentialFields = COROLLA,
  extra: Partial<PlateRegistration> = {},
): PlateRegistration {
  return {
    make: fields.make,
    model: fields.model,
    colour: fields.colour,
    ...OWNER_DETAILS,
    registrationDate: fields.registrationDate,
    expiryDate: fields.expiryDate,
    standing: 'Valid',
    standingChangedAt: null,
    keyId: fields.keyId,
    credentialDigits: bytesToDigits(signCredential(fields, SEED_1)),
    ...extra,
  };
}

export function registeredPlate(
  fields: CredentialFields = COROLLA,
  extra: Partial<PlateRegistration> = {},
): RegisteredOwnedPlate {
  return {
    id: fields.plateNumber,
    plateNumber: fields.plateNumber,
    ownerId: '0190f5d2-0000-7000-8000-0000000000b1',
    stage: 'Registered',
    source: 'marketplace',
    sourceRef: 'PO-000001',
    requestReference: null,
    orderId: 'ORD-001',
    shopName: 'Lusaka Plate Works',
    collectionDate: '2024-03-12',
    manufacturingStatus: 'Collected',
    heldAt: '2024-03-04T09:00:00.000Z',
    madeAt: '2024-03-08T09:00:00.000Z',
    registeredAt: `${fields.registrationDate}T10:30:00.000Z`,
    registration: signedRegistration(fields, extra),
  };
}

/** A plate bought and being made: no registration yet. */
export function heldPlate(plateNumber = 'ZM-456-DEF'): OwnedPlate {
  return {
    id: plateNumber,
    plateNumber,
    ownerId: '0190f5d2-0000-7000-8000-0000000000b1',
    stage: 'Held',
    source: 'application',
    sourceRef: 'REQ-001',
    requestReference: 'LP-123456',
    orderId: 'ORD-002',
    shopName: 'Lusaka Plate Works',
    collectionDate: '2026-11-30',
    manufacturingStatus: 'In Production',
    heldAt: '2026-11-20T09:00:00.000Z',
    madeAt: null,
    registeredAt: null,
    registration: null,
  };
}
