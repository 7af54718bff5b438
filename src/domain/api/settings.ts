// The settings routes' answers the app reads: prices and fees, the stock thresholds, and each
// one's history of changes. The app checks the settings in an answer against the domain's
// bounds itself, so its types take the settings' type as a parameter.
import { z } from 'zod';

const money = z.number().int().describe('Ngwee');
export const pricingSettingsAnswerSchema = z.object({
  platePrice: money,
  processingFee: money,
  gatewayFeeBasisPoints: z
    .object({ mtn: z.number(), airtel: z.number(), card: z.number(), bank: z.number() })
    .describe('Basis points of the plates subtotal (200 = 2%)'),
  reservationFee: money,
  reservationDays: z.number().int(),
  validityYears: z.number().int(),
  renewalFee: money,
});

/** GET /api/settings/pricing and PUT /api/admin/settings/pricing: the prices in force. */
export const pricingAnswer = z.object({
  settings: pricingSettingsAnswerSchema,
  paymentMethods: z
    .array(z.object({ id: z.string(), name: z.string(), feeLabel: z.string() }))
    .describe("The wizard's four methods with their fee as configured"),
  updatedAt: z.string().nullable().describe('Null while the defaults apply'),
});

export const stockThresholdsAnswerSchema = z
  .object({ lowStock: z.number().int(), critical: z.number().int() })
  .describe('Plates left of an allocation: at or below lowStock is Low Stock, at or below critical is Critical');

/** GET and PUT /api/admin/settings/stock: the thresholds in force. */
export const stockThresholdsAnswer = z.object({
  settings: stockThresholdsAnswerSchema,
  updatedAt: z.string().nullable().describe('Null while the defaults apply'),
});

export const stalenessSettingsAnswerSchema = z
  .object({ cautionAfterHours: z.number().int(), unconfirmedAfterHours: z.number().int() })
  .describe(
    'Hours old a device’s revocation list or registry copy may be: past cautionAfterHours a Valid verdict is shown with a caution, past unconfirmedAfterHours it is not confirmed offline',
  );

/** GET and PUT /api/admin/settings/staleness: the thresholds in force. */
export const stalenessSettingsAnswer = z.object({
  settings: stalenessSettingsAnswerSchema,
  updatedAt: z.string().nullable().describe('Null while the defaults apply'),
});

/** One change to a setting: who, when, from what to what. */
const historyEntryOf = <Settings extends z.ZodType>(settings: Settings) =>
  z.object({
    id: z.string(),
    settings,
    previous: settings.nullable(),
    changedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
    changedAt: z.string(),
  });

/** GET /api/admin/settings/pricing/history, newest first. */
export const pricingHistoryAnswer = z.object({ history: z.array(historyEntryOf(pricingSettingsAnswerSchema)) });

/** GET /api/admin/settings/stock/history, newest first. */
export const stockThresholdsHistoryAnswer = z.object({
  history: z.array(historyEntryOf(stockThresholdsAnswerSchema)),
});

/** GET /api/admin/settings/staleness/history, newest first. */
export const stalenessSettingsHistoryAnswer = z.object({
  history: z.array(historyEntryOf(stalenessSettingsAnswerSchema)),
});

type HistoryEntry = z.infer<typeof stockThresholdsHistoryAnswer>['history'][number];

/** A setting's change as the app reads it, with the settings as the app checked them. */
export type SettingHistoryEntry<Settings> = Omit<HistoryEntry, 'settings' | 'previous'> & {
  settings: Settings;
  previous: Settings | null;
};

/** A setting's answer (the value in force) as the app reads it, with the settings as the app checks them. */
export type SettingAnswer<Settings> = Omit<z.infer<typeof stockThresholdsAnswer>, 'settings'> & {
  settings: Settings;
};

/** A setting's history as the app reads it, with the settings as the app checks them. */
export type SettingHistoryAnswer<Settings> = { history: SettingHistoryEntry<Settings>[] };
