/**
 * A plate's public verdict for a phone (USSD or SMS): the registry's answer by number, as the
 * public verification page gets it — the verdict, the registered vehicle and the expiry date,
 * never the owner.
 */
import { type RegistryEntry, verdictFromRegistry } from '#domain/credential/verdict';
import type { PlateNumber } from '#domain/plates/plate-number';
import type { PublicPlateFacts } from '#domain/ussd/phone-verdict';
import type { Queryable } from '../db/database';
import { registryRepository } from '../repositories/registry-repository';

export async function publicPlateFacts(
  db: Queryable,
  plateNumber: PlateNumber,
  today: string,
): Promise<PublicPlateFacts> {
  const registry = registryRepository(db);
  const found = await registry.find(plateNumber);
  const unissued = found ? undefined : await registry.findUnissued(plateNumber);
  const entry: RegistryEntry | undefined = found
    ? {
        plateNumber: found.plateNumber,
        status: found.standing,
        expiryDate: found.expiryDate,
        registrationDate: found.registrationDate,
        make: found.make,
        model: found.model,
        colour: found.colour,
      }
    : unissued && {
        plateNumber,
        status: unissued.standing,
        expiryDate: '',
        registrationDate: '',
        make: '',
        model: '',
        colour: '',
      };
  const { verdict } = verdictFromRegistry(plateNumber, entry, new Map(), today);
  return {
    plateNumber,
    verdict,
    vehicle: found ? { make: found.make, model: found.model, colour: found.colour } : null,
    expiryDate: found?.expiryDate ?? null,
  };
}
