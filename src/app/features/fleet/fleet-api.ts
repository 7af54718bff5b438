/**
 * Importing a fleet from a CSV file (POST /api/fleet/import): online only, so that
 * thousands of vehicles are checked against the fleet on the server and stored all
 * at once or not at all; they reach this device with the next sync.
 */
import type { FleetImportAnswer, FleetImportRefusal } from '#domain/api/fleet';
import { apiRequest, NetworkError } from '../../api/api-client';

export const IMPORT_NEEDS_CONNECTION =
  'Importing a fleet needs a connection. Nothing was imported; try again when you are back online.';

export type ImportAnswer = { ok: true; imported: number } | { ok: false; message: string; errors: string[] };

export async function importFleet(csv: string): Promise<ImportAnswer> {
  try {
    const result = await apiRequest<Partial<FleetImportAnswer> & Partial<FleetImportRefusal>>(
      'POST',
      '/api/fleet/import',
      { csv },
    );
    if (result.ok && typeof result.body.imported === 'number') return { ok: true, imported: result.body.imported };
    return {
      ok: false,
      message: result.body?.message ?? `The server answered ${result.status}.`,
      errors: result.body?.errors ?? [],
    };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: IMPORT_NEEDS_CONNECTION, errors: [] };
    throw error;
  }
}
