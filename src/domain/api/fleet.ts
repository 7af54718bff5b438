// The fleet import's answers the app reads: how many vehicles were added, or every row to correct.
import { z } from 'zod';
import { errorResponse } from './errors';

/** POST /api/fleet/import: all the file's vehicles were added. */
export const fleetImportAnswer = z.object({ imported: z.number() });
export type FleetImportAnswer = z.infer<typeof fleetImportAnswer>;

/** POST /api/fleet/import refused: nothing was added; each row to correct, in words. */
export const fleetImportRefusal = errorResponse.extend({ errors: z.array(z.string()).optional() });
export type FleetImportRefusal = z.infer<typeof fleetImportRefusal>;
