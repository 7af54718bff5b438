// A plate as its owner sees it on every device (entity `ownedPlate` of the change log):
// how far it has got, who makes it, and once registered the registration and its signed
// credential, so certificates and QR codes work offline.
import type { OwnerCoverTerm } from '../registry/cover';
import type { RegisteredPlate } from '../registry/registered-plate';
import type { ManufacturingStatus } from '../statuses/statuses';
import type { PlateSource, PlateStage } from './lifecycle';

/** A registered plate's registration as its owner's devices hold it (src/domain/registry/registered-plate.ts). */
export type PlateRegistration = Pick<
  RegisteredPlate,
  | 'make'
  | 'model'
  | 'colour'
  | 'year'
  | 'chassisNumber'
  | 'ownerName'
  | 'ownerNrc'
  | 'registrationDate'
  | 'expiryDate'
  | 'standing'
  | 'standingChangedAt'
  | 'keyId'
> & {
  /** The signed credential as the decimal digits a QR code carries (src/domain/credential/numeric.ts). */
  credentialDigits: string;
};

export interface OwnedPlate {
  /** The plate number (rows are keyed by it). */
  id: string;
  plateNumber: string;
  ownerId: string;
  stage: PlateStage;
  source: PlateSource;
  /** PO-000001 for a marketplace purchase, REQ-001 for an application. */
  sourceRef: string;
  /** The application's LP- reference, when it came from one. */
  requestReference: string | null;
  /** The shop's order (ORD-001) to make it. */
  orderId: string | null;
  shopName: string | null;
  /** YYYY-MM-DD from which it can be collected. */
  collectionDate: string | null;
  manufacturingStatus: ManufacturingStatus | null;
  heldAt: string;
  madeAt: string | null;
  registeredAt: string | null;
  registration: PlateRegistration | null;
  /**
   * A registered plate's insurance: the terms of the policies on it that are not cancelled
   * and end within its current registration or later; the device reads the cover on its own
   * day (src/domain/registry/cover.ts). Absent before registration, and on rows sent before
   * cover was part of the view (read as none).
   */
  cover?: OwnerCoverTerm[];
}
