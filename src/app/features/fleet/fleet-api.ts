/**
 * Importing a fleet from a CSV file (POST /api/fleet/import): online only, so that
 * thousands of vehicles are checked against the fleet on the server and stored all
 * at once or not at all; they reach this device with the next sync.
 */
import type { FleetImportAnswer, FleetImportRefusal } from '#domain/api/fleet';
import { refusalReason, runCommand } from '../../api/command';

export const IMPORT_NEEDS_CONNECTION =
  'Importing a fleet needs a connection. Nothing was imported; try again when you are back online.';

export type ImportAnswer = { ok: true; imported: number } | { ok: false; message: string; errors: string[] };

export async function importFleet(csv: string): Promise<ImportAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path: '/api/fleet/import',
    body: { csv },
    accept: (answer: Partial<FleetImportAnswer> & Partial<FleetImportRefusal>) =>
      typeof answer.imported === 'number' ? answer.imported : null,
  });
  if (outcome.status === 'applied') return { ok: true, imported: outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: IMPORT_NEEDS_CONNECTION, errors: [] };
  return { ok: false, message: refusalReason(outcome), errors: outcome.answer?.errors ?? [] };
}
