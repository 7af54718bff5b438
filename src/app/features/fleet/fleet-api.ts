/**
 * Importing a fleet from a CSV file (POST /api/fleet/import): online only, so that
 * thousands of vehicles are checked against the fleet on the server and stored at once.
 * The vehicles the server added or changed come back with its answer and go straight into
 * this device's store, so the table shows them without waiting for the next sync.
 */
import type { FleetImportAnswer, FleetImportRefusal } from '#domain/api/fleet';
import { refusalReason, runCommand } from '../../api/command';
import { db, type NambalaDatabase } from '../../store/database';
import { putConfirmedRows } from '../../store/put-confirmed';

export const IMPORT_NEEDS_CONNECTION =
  'Importing a fleet needs a connection. Nothing was imported; try again when you are back online.';

export type ImportAnswer =
  | ({ ok: true } & Pick<FleetImportAnswer, 'added' | 'updated' | 'unchanged' | 'skipped'>)
  /** `goodRows`: the rows that could go in without the bad ones (the server's count). */
  | { ok: false; message: string; errors: string[]; goodRows: number };

export async function importFleet(
  csv: string,
  { goodRowsOnly = false }: { goodRowsOnly?: boolean } = {},
  database: NambalaDatabase = db,
): Promise<ImportAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path: '/api/fleet/import',
    body: goodRowsOnly ? { csv, goodRowsOnly } : { csv },
    accept: (answer: Partial<FleetImportAnswer> & Partial<FleetImportRefusal>) =>
      typeof answer.added === 'number' && Array.isArray(answer.vehicles) ? (answer as FleetImportAnswer) : null,
  });
  if (outcome.status === 'applied') {
    const { added, updated, unchanged, skipped, vehicles } = outcome.value;
    await putConfirmedRows(database, 'vehicles', vehicles);
    return { ok: true, added, updated, unchanged, skipped };
  }
  if (outcome.status === 'needs-connection')
    return { ok: false, message: IMPORT_NEEDS_CONNECTION, errors: [], goodRows: 0 };
  return {
    ok: false,
    message: refusalReason(outcome),
    errors: outcome.answer?.errors ?? [],
    goodRows: outcome.answer?.goodRows ?? 0,
  };
}

const count = (vehicles: number) => `${vehicles.toLocaleString('en-GB')} ${vehicles === 1 ? 'vehicle' : 'vehicles'}`;

/** "412 vehicles added, 3 updated", then what stayed as it was and the rows left out, when any. */
export function importSummary({
  added,
  updated,
  unchanged,
  skipped,
}: Pick<FleetImportAnswer, 'added' | 'updated' | 'unchanged' | 'skipped'>): string {
  const parts = [`${count(added)} added`, `${updated.toLocaleString('en-GB')} updated`];
  if (unchanged > 0) parts.push(`${unchanged.toLocaleString('en-GB')} unchanged`);
  if (skipped.length > 0)
    parts.push(`${skipped.length.toLocaleString('en-GB')} ${skipped.length === 1 ? 'row' : 'rows'} left out`);
  return parts.join(', ');
}
