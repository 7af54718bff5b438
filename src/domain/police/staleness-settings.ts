// How old the data on a device may be before a roadside Valid verdict is weakened, as an
// administrator sets it: the caution threshold and the one past which the device will not
// confirm a plate offline, in whole hours. The form's and the API's rules (zod) are in
// staleness-settings-schema.ts, kept apart so the verification screens do not load zod for
// them, and the settings page's words are in staleness-settings-words.ts, kept apart so the
// public verification page's first load carries only what a device needs; stalenessThresholds
// turns settings into what verdictStanding takes. Why these bounds: docs/decisions/070-charts-multipart-email-and-staleness-settings.md.
import { DEFAULT_STALENESS, type StalenessThresholds } from './roadside-verdict';

export interface StalenessSettings {
  /** Older than this, a Valid verdict is shown as "Valid as of DATE" in the caution colour. */
  cautionAfterHours: number;
  /** Older than this, the device will not confirm a plate offline. */
  unconfirmedAfterHours: number;
}

const HOUR_MS = 3_600_000;

/** The least caution threshold: any shorter and a device between two syncs would caution all day. */
export const STALENESS_MIN_HOURS = 1;
/** The longest a device may go on confirming plates offline: 30 days. */
export const STALENESS_MAX_HOURS = 30 * 24;

/** 24 hours and 7 days, as before they were settings. */
export const DEFAULT_STALENESS_SETTINGS: StalenessSettings = {
  cautionAfterHours: DEFAULT_STALENESS.cautionAfterMs / HOUR_MS,
  unconfirmedAfterHours: DEFAULT_STALENESS.unconfirmedAfterMs / HOUR_MS,
};

/** Whether a value (from the server, or kept on a device) is settings within the bounds; the API's rules are the schema's (staleness-settings-schema.ts). */
export function isStalenessSettings(value: unknown): value is StalenessSettings {
  if (typeof value !== 'object' || value === null) return false;
  const { cautionAfterHours: caution, unconfirmedAfterHours: unconfirmed } = value as Partial<
    Record<keyof StalenessSettings, unknown>
  >;
  const inRange = (n: unknown): n is number =>
    Number.isInteger(n) && (n as number) >= STALENESS_MIN_HOURS && (n as number) <= STALENESS_MAX_HOURS;
  return inRange(caution) && inRange(unconfirmed) && unconfirmed > caution;
}

/** The settings a device received, when they pass the rules; null otherwise (the device then keeps the defaults). */
export function stalenessSettingsFrom(value: unknown): StalenessSettings | null {
  return isStalenessSettings(value)
    ? { cautionAfterHours: value.cautionAfterHours, unconfirmedAfterHours: value.unconfirmedAfterHours }
    : null;
}

/** What verdictStanding takes; the defaults when the device has no (good) settings yet. */
export function stalenessThresholds(settings: unknown): StalenessThresholds {
  const checked = stalenessSettingsFrom(settings) ?? DEFAULT_STALENESS_SETTINGS;
  return {
    cautionAfterMs: checked.cautionAfterHours * HOUR_MS,
    unconfirmedAfterMs: checked.unconfirmedAfterHours * HOUR_MS,
  };
}
