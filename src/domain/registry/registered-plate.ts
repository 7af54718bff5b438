// A plate the registry has issued: its vehicle, its owner, its dates and standing, and the
// key that signed its credential. Declared once: the server stores it, answers it to an
// administrator (src/domain/api/registry.ts), issues it, and an owner's device holds its
// registration (src/domain/plates/owned-plate.ts).
import { z } from 'zod';
import type { RegistryEntry } from '../credential/verdict';
import type { UnissuedStanding } from '../plates/lifecycle';
import { REGISTRY_STANDINGS } from './registry-copy';

/** What anyone allowed to read a registered plate is told of it. */
export const registeredPlateSchema = z.object({
  plateNumber: z.string(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  year: z.number(),
  chassisNumber: z.string(),
  ownerName: z.string(),
  ownerNrc: z.string(),
  /** YYYY-MM-DD */
  registrationDate: z.string(),
  /** YYYY-MM-DD: the last day the registration is valid. */
  expiryDate: z.string(),
  standing: z.enum(REGISTRY_STANDINGS),
  /** The key that signed the plate's current credential. */
  keyId: z.number(),
  issuedAt: z.string(),
});

/** A registered plate as the registry keeps it: with its signed credential, its place in the devices' copy, and its blanks. */
export interface RegisteredPlate extends z.infer<typeof registeredPlateSchema> {
  standingChangedAt: string | null;
  credential: Uint8Array;
  bucket: number;
  version: number;
  /** The serials of the blanks the plate was made on (its manufacturing record); null for a plate registered before serials were kept, or without one. */
  frontSerial: number | null;
  rearSerial: number | null;
}

/** A plate about to be issued: the registry gives it its version, issue time and standing's date; serials come later. */
export type NewRegisteredPlate = Omit<
  RegisteredPlate,
  'version' | 'issuedAt' | 'standingChangedAt' | 'frontSerial' | 'rearSerial'
>;

/** What issuing a plate starts from: its vehicle, owner and registration date (Valid unless said). */
export type PlateToIssue = Pick<
  RegisteredPlate,
  'plateNumber' | 'make' | 'model' | 'colour' | 'year' | 'chassisNumber' | 'ownerName' | 'ownerNrc' | 'registrationDate'
> & { standing?: RegisteredPlate['standing'] };

/** What anyone may be told of a registered plate, and all a public verdict is made of: no owner, no credential, no serials. */
export type PublicRegistration = Pick<
  RegisteredPlate,
  | 'plateNumber'
  | 'make'
  | 'model'
  | 'colour'
  | 'year'
  | 'registrationDate'
  | 'expiryDate'
  | 'standing'
  | 'standingChangedAt'
  | 'keyId'
>;

/** What a verdict is read from for a registered plate (verdictFromRegistry). */
export function registryEntryOf(plate: PublicRegistration): RegistryEntry {
  return {
    plateNumber: plate.plateNumber,
    status: plate.standing,
    expiryDate: plate.expiryDate,
    registrationDate: plate.registrationDate,
    make: plate.make,
    model: plate.model,
    colour: plate.colour,
  };
}

/** What a verdict is read from for a number allocated or made but not yet registered. */
export function unissuedRegistryEntry(plateNumber: string, standing: UnissuedStanding): RegistryEntry {
  return { plateNumber, status: standing, expiryDate: '', registrationDate: '', make: '', model: '', colour: '' };
}
