/**
 * A partner's plate checks (docs/partner-api.md): the same verdict words as the verification
 * page (verdictFromRegistry), for one plate or many read in a few statements, each answer in the
 * tier the caller's key and kind allow (partnerTier). An answer with an owner's name and cover is
 * a look at personal data, logged one row per plate like an officer's (docs/privacy.md).
 */
import type { PartnerVerdict } from '#domain/api/partners';
import { verdictFromRegistry } from '#domain/credential/verdict';
import { partnerTier } from '#domain/partners/partner-api';
import { parsePlateNumber } from '#domain/plates/plate-number';
import { registryEntryOf, unissuedRegistryEntry } from '#domain/registry/registered-plate';
import type { Signer } from '../credentials/key-store';
import type { Database } from '../db/database';
import { ensureCurrentCredentials } from '../jobs/credential-reissue';
import { logPersonalDataAccess } from '../privacy/access-log';
import { insuranceRepository } from '../repositories/insurance-repository';
import { registryRepository } from '../repositories/registry-repository';
import type { PartnerCaller } from './partner-keys';

export type CheckItem =
  { input: string; ok: true; result: PartnerVerdict } | { input: string; ok: false; error: string };

/**
 * Each input's answer, in order: a malformed number answers with its message, never failing
 * the others. Plates are read in one statement per table, whatever their number.
 */
export async function checkPlates(
  db: Database,
  caller: PartnerCaller,
  inputs: readonly string[],
  context: { now: Date; route: string; ip: string | null },
): Promise<CheckItem[]> {
  const { now } = context;
  const today = now.toISOString().slice(0, 10);
  const parsed = inputs.map((input) => ({ input, parsed: parsePlateNumber(input) }));
  const numbers = [...new Set(parsed.flatMap((item) => (item.parsed.ok ? [item.parsed.value] : [])))];
  const registry = registryRepository(db);
  const found = await registry.findMany(numbers);
  const unissued = await registry.findUnissuedMany(numbers.filter((number) => !found.has(number)));
  const mayReadOwners = caller.key.scopes.includes('owner');
  const covers = mayReadOwners ? await insuranceRepository(db).coversFor([...found.keys()], today) : new Map();
  const checkedAt = now.toISOString();
  const looked = new Set<string>();

  const results: CheckItem[] = [];
  for (const { input, parsed: plate } of parsed) {
    if (!plate.ok) {
      results.push({ input, ok: false, error: plate.error });
      continue;
    }
    const registered = found.get(plate.value);
    const stage = unissued.get(plate.value);
    const entry = registered ? registryEntryOf(registered) : stage && unissuedRegistryEntry(plate.value, stage);
    const verdict = verdictFromRegistry(plate.value, entry, new Map(), today).verdict;
    const cover = covers.get(plate.value) ?? null;
    const tier = registered
      ? partnerTier({ ...caller.organisation, scopes: caller.key.scopes }, cover?.insurer ?? null)
      : 'public';
    const result: PartnerVerdict = {
      plateNumber: plate.value,
      verdict,
      tier,
      vehicle: registered
        ? { make: registered.make, model: registered.model, colour: registered.colour, year: registered.year }
        : null,
      registrationDate: registered?.registrationDate ?? null,
      expiryDate: registered?.expiryDate ?? null,
      stage: stage ?? null,
      checkedAt,
    };
    if (tier === 'owner' && registered) {
      result.owner = { name: registered.ownerName };
      result.insurance = cover ?? 'none';
      looked.add(registered.plateNumber);
    }
    results.push({ input, ok: true, result });
  }
  // One row per plate whose owner was shown, before the answer leaves (a plate asked twice is one look).
  for (const plateNumber of looked)
    await logPersonalDataAccess(
      db,
      {
        reader: { id: caller.organisation.id, name: caller.organisation.name, role: 'partner' },
        plateNumber,
        purpose: 'partner check',
        route: context.route,
        checkId: null,
        ip: context.ip,
      },
      now,
    );
  return results;
}

/**
 * A registered plate's signed credential, for the caller to verify with the registry's public
 * keys. A credential signed by a revoked key is never handed out: the plate is re-issued first.
 */
export async function partnerCredential(
  db: Database,
  signer: Signer | null,
  plateNumber: string,
): Promise<{ plateNumber: string; keyId: number; credential: Uint8Array } | undefined> {
  const found = await db.transaction(async (tx) => {
    await ensureCurrentCredentials(tx, signer, [plateNumber]);
    return registryRepository(tx).find(plateNumber);
  });
  return found && { plateNumber: found.plateNumber, keyId: found.keyId, credential: found.credential };
}
