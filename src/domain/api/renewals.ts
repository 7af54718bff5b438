// The renewal routes' answers the app reads (a renewal started is answered with its payment:
// src/domain/api/payments.ts).
import { z } from 'zod';

export const renewalQuoteSchema = z.object({
  plateNumber: z.string(),
  expiryDate: z.string(),
  isExpired: z.boolean(),
  renewableFrom: z.string().describe('The first day it may be renewed: 90 days before its expiry date'),
  fee: z.number().int().describe('Ngwee'),
  validityYears: z.number().int(),
  newExpiryDate: z.string().describe('The expiry a renewal paid today gives'),
  refusal: z.string().nullable().describe('Why it cannot be renewed today; null when it can'),
});
export type RenewalQuote = z.infer<typeof renewalQuoteSchema>;

/** GET /api/plates/:plateNumber/renewal: what renewing the plate today costs and gives. */
export const renewalQuoteAnswer = z.object({ quote: renewalQuoteSchema });
export type RenewalQuoteAnswer = z.infer<typeof renewalQuoteAnswer>;
