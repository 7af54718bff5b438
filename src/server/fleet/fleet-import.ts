/**
 * A fleet imported from a CSV file's text. The file is read record by record, stopping at
 * the row limit, and its rows' values are checked, a few milliseconds at a time
 * (runInSteps) so that a large or hostile file never holds the event loop; no transaction
 * is open meanwhile. Then every row is checked against the owner's fleet (the rules of
 * src/domain/fleet/fleet-csv.ts) under the owner's fleet lock: a row with a vehicle's chassis
 * number (or plate) is that vehicle, so the same file again adds nothing twice. All rows good,
 * or the owner confirmed that the good rows go in without the bad ones: the new vehicles are
 * added and the changed ones updated in one transaction with their change-log entries, and
 * audited. Otherwise every bad row's message, and nothing stored.
 */
import {
  checkFleetRowsAgainst,
  checkFleetRowValues,
  goodRowCount,
  readFleetCsv,
  type FleetVehicle,
} from '#domain/fleet/fleet-csv';
import type { Vehicle } from '#domain/fleet/vehicle';
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { fleetRepository } from '../repositories/fleet-repository';
import { runInSteps } from '../steps';

export type FleetImportOutcome =
  | {
      ok: true;
      added: number;
      updated: number;
      unchanged: number;
      /** The bad rows left out (the owner asked for the good rows only), each with its problem. */
      skipped: string[];
      /** The vehicles added or changed, as stored: the owner's device shows them at once. */
      vehicles: Vehicle[];
    }
  /** `goodRows`: rows that could be imported without the bad ones (0 when the file itself could not be read). */
  | { ok: false; errors: string[]; goodRows: number };

export async function importFleet(
  db: Database,
  { ownerId, at, ip }: { ownerId: string; at: Date; ip: string },
  text: string,
  { goodRowsOnly = false }: { goodRowsOnly?: boolean } = {},
): Promise<FleetImportOutcome> {
  // A year is checked against the server's day with a day's grace for a device ahead in its time zone.
  const today = new Date(at.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const read = await runInSteps(readFleetCsv(text));
  const values = read.ok ? await runInSteps(checkFleetRowValues(read, today)) : [];
  if (!read.ok) return { ...read, goodRows: 0 };
  return db.transaction(async (tx) => {
    const fleet = fleetRepository(tx);
    await fleet.lockOwner(ownerId);
    const plates = await fleet.plateFacts(ownerId, null);
    const vehicles: FleetVehicle[] = (await fleet.listVehicles(ownerId)).map(
      ({ id, make, model, year, colour, chassisNumber, plateNumber }) => ({
        id,
        make,
        model,
        year,
        colour,
        chassisNumber,
        plateNumber,
      }),
    );
    const plan = await runInSteps(
      checkFleetRowsAgainst(values, {
        today,
        vehicles,
        plates,
        // Whoever's vehicle carries one of the owner's plates: a plate is on one vehicle at most.
        plateHolders: await fleet.plateHolders(ownerId, [...plates.keys()]),
      }),
    );
    const goodRows = goodRowCount(plan);
    if (plan.errors.length > 0 && (!goodRowsOnly || goodRows === 0))
      return { ok: false as const, errors: plan.errors, goodRows };
    const updated = await fleet.updateImportedVehicles(ownerId, plan.updated, at);
    const added = await fleet.importVehicles(ownerId, plan.added, at);
    await auditRepository(tx).record({
      actorId: ownerId,
      action: 'fleet.import',
      target: ownerId,
      detail: {
        vehicles: added.length,
        updated: updated.length,
        unchanged: plan.unchanged,
        skippedRows: plan.badRows,
      },
      ip,
    });
    return {
      ok: true as const,
      added: added.length,
      updated: updated.length,
      unchanged: plan.unchanged,
      skipped: plan.errors,
      vehicles: [...added, ...updated],
    };
  });
}
