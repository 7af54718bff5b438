/**
 * Issuing a plate: its registry row and its signed credential, made together so a
 * plate is never registered without a credential or signed without a row.
 */
import { attachSignature, encodeUnsigned, signingMessage, type CredentialFields } from '#domain/credential/credential';
import type { NewRegisteredPlate, PlateToIssue } from '#domain/registry/registered-plate';
import { registryBucketOf } from '#domain/registry/registry-copy';
import { expiryDateFor } from '#domain/registry/validity';
import type { Signer } from './key-store';

/** Signs a credential's fields with the active key (deterministic Ed25519). */
export function signCredentialWith(signer: Signer, fields: Omit<CredentialFields, 'keyId'>): Uint8Array {
  const unsigned = encodeUnsigned({ ...fields, keyId: signer.keyId });
  return attachSignature(unsigned, signer.sign(signingMessage(unsigned)));
}

export function issuePlate(signer: Signer, plate: PlateToIssue, validityYears: number): NewRegisteredPlate {
  const expiryDate = expiryDateFor(plate.registrationDate, validityYears);
  const credential = signCredentialWith(signer, {
    plateNumber: plate.plateNumber,
    make: plate.make,
    model: plate.model,
    colour: plate.colour,
    registrationDate: plate.registrationDate,
    expiryDate,
  });
  return {
    ...plate,
    standing: plate.standing ?? 'Valid',
    expiryDate,
    keyId: signer.keyId,
    credential,
    bucket: registryBucketOf(plate.plateNumber),
  };
}
