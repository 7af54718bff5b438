// The answers about numbers the app reads: whether a number can be had (the home page's
// Check Availability and the wizard's chosen numbers), and the administrator's rules for
// chosen numbers (docs/plate-numbers.md).
import { z } from 'zod';

export const AVAILABILITIES = [
  'for-sale',
  'reserved',
  'sold',
  'registered',
  'allocated',
  'held',
  'not-offered',
  'free',
] as const;
export type AvailabilityState = (typeof AVAILABILITIES)[number];

/** GET /api/plates/:plateNumber/availability. */
export const availabilityAnswer = z.object({
  plateNumber: z.string(),
  availability: z
    .enum(AVAILABILITIES)
    .describe(
      'for-sale/reserved/sold: a marketplace listing; registered: on a vehicle; allocated: given to an owner, being made; held: asked for by an application in review; not-offered: free but refused by the rules (reason says why); free: can be applied for',
    ),
  listing: z.object({ id: z.string(), price: z.number(), status: z.string() }).nullable(),
  reason: z.string().nullable().describe('Why a not-offered number is refused'),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswer>;

/** GET and PUT /api/admin/settings/numbers: the offensive-word list in force. */
export const numberRulesAnswer = z.object({
  settings: z.object({ offensiveWords: z.array(z.string()) }),
  updatedAt: z.string().nullable().describe('Null while the default list applies'),
});
export type NumberRulesAnswer = z.infer<typeof numberRulesAnswer>;
