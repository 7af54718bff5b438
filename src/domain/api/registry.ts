// The registry's answers the app reads (src/server/routes/registry-routes.ts answers them).
import { z } from 'zod';
import { registeredPlateSchema } from '../registry/registered-plate';

/** GET /api/admin/registry/:plateNumber: everything the registry holds on a plate, with its credential and QR address. */
export const adminRegistryPlateAnswer = z.object({
  plate: registeredPlateSchema.extend({
    /** The signed credential as the decimal digits a QR code carries. */
    credentialDigits: z.string(),
    credentialUrl: z.string(),
  }),
});
export type AdminRegistryPlateAnswer = z.infer<typeof adminRegistryPlateAnswer>;
/** A registered plate as an administrator's look-up shows it. */
export type RegistryPlate = AdminRegistryPlateAnswer['plate'];
