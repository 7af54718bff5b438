// The fleet import's answers the app reads: what the file added and changed, or every row to correct.
import { z } from 'zod';
import { errorResponse } from './errors';

/** A vehicle as stored (src/domain/fleet/vehicle.ts). */
export const vehicleSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int().nullable(),
  colour: z.string(),
  chassisNumber: z.string(),
  plateNumber: z.string().nullable(),
  driverId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** POST /api/fleet/import: the file's good rows are in the fleet. */
export const fleetImportAnswer = z.object({
  /** Vehicles added (the same as `added`; kept for clients that read it). */
  imported: z.number().int(),
  added: z.number().int(),
  updated: z
    .number()
    .int()
    .describe('Vehicles already in the fleet (same chassis number or plate) whose details changed'),
  unchanged: z.number().int().describe('Rows that match a vehicle of the fleet exactly'),
  skipped: z.array(z.string()).describe('Bad rows left out, each with its problem (only with goodRowsOnly)'),
  vehicles: z.array(vehicleSchema).describe('The vehicles added or changed, as stored'),
});
export type FleetImportAnswer = z.infer<typeof fleetImportAnswer>;

/** POST /api/fleet/import refused: nothing was added; each row to correct, in words, and how many rows are good. */
export const fleetImportRefusal = errorResponse.extend({
  errors: z.array(z.string()).optional(),
  goodRows: z.number().int().optional(),
});
export type FleetImportRefusal = z.infer<typeof fleetImportRefusal>;
