/**
 * A fleet imported from a CSV file's text. The file is read record by record, stopping at
 * the row limit, and its rows' values are checked, a few milliseconds at a time
 * (runInSteps) so that a large or hostile file never holds the event loop; no transaction
 * is open meanwhile. Then every row is checked against the owner's fleet (the rules of
 * src/domain/fleet/fleet-csv.ts) under the owner's fleet lock; all valid, all are stored in
 * one transaction with their change-log entries and audited; any bad row, every row's
 * message and nothing stored.
 */
import { checkFleetRowsAgainst, checkFleetRowValues, readFleetCsv } from '#domain/fleet/fleet-csv';
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { fleetRepository } from '../repositories/fleet-repository';
import { runInSteps } from '../steps';

export type FleetImportOutcome = { ok: true; imported: number } | { ok: false; errors: string[] };

export async function importFleet(
  db: Database,
  { ownerId, at, ip }: { ownerId: string; at: Date; ip: string },
  text: string,
): Promise<FleetImportOutcome> {
  // A year is checked against the server's day with a day's grace for a device ahead in its time zone.
  const today = new Date(at.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const read = await runInSteps(readFleetCsv(text));
  const values = read.ok ? await runInSteps(checkFleetRowValues(read, today)) : [];
  if (!read.ok) return read;
  return db.transaction(async (tx) => {
    const fleet = fleetRepository(tx);
    await fleet.lockOwner(ownerId);
    const plates = await fleet.plateFacts(ownerId, null);
    const check = checkFleetRowsAgainst(values, {
      today,
      existingChassisNumbers: await fleet.chassisNumbers(ownerId),
      plates,
      // Whoever's vehicle carries one of the owner's plates: a plate is on one vehicle at most.
      plateHolders: await fleet.plateHolders(ownerId, [...plates.keys()]),
    });
    if (!check.ok) return check;
    const added = await fleet.importVehicles(ownerId, check.vehicles, at);
    await auditRepository(tx).record({
      actorId: ownerId,
      action: 'fleet.import',
      target: ownerId,
      detail: { vehicles: added.length },
      ip,
    });
    return { ok: true as const, imported: added.length };
  });
}
