// The verdict as it is read at a glance: the one word on the coloured band, what to do now,
// whether the device should buzz as for a stop, and how far out-of-date data on the device
// weakens a Valid verdict. One set of pure rules, so a check reads the same online and
// offline, on the officer's screen and on the public page.
import { CLOCK_SKEW_TOLERANCE_MS } from '../credential/freshness';
import type { VerdictName } from '../credential/presentation';

/** The police's emergency number in Zambia, for the public told a plate is stolen. */
export const POLICE_EMERGENCY_NUMBER = '991';

const BAND_WORDS = {
  Valid: 'Valid',
  Expired: 'Expired',
  Revoked: 'Revoked',
  Stolen: 'Stolen',
  'Not authentic': 'Not authentic',
  'Unknown plate': 'Unknown',
  'Not yet issued': 'Not issued',
} as const satisfies Record<VerdictName, string>;

/** The band's word: one word (two at most), to be read at arm's length. */
export function bandWord(verdict: VerdictName): string {
  return BAND_WORDS[verdict];
}

/** What to do now, in words for one audience: null for Valid, which needs no action. */
export type InstructionWords = Readonly<Record<VerdictName, string | null>>;

/** The public's words (on /verification); an officer's are in officer-instructions.ts, kept off the public page's first load. */
export const PUBLIC_INSTRUCTIONS = {
  Valid: null,
  Stolen: `Reported stolen: do not buy this vehicle or pay anything for it. Call the police on ${POLICE_EMERGENCY_NUMBER} and say where you saw it.`,
  Revoked: 'Plate revoked: do not buy this vehicle on the strength of this plate. Ask the seller for its papers.',
  'Not authentic': `Not authentic: the plate may be forged. Do not buy the vehicle; call the police on ${POLICE_EMERGENCY_NUMBER}.`,
  Expired: 'Registration expired: the vehicle may not be driven until the registration is renewed.',
  'Not yet issued': 'Not yet issued: no vehicle is registered with this number yet.',
  'Unknown plate': 'Unknown plate: check the number you typed. A plate the registry never issued may be fake.',
} as const satisfies InstructionWords;

/**
 * What to do now, for every verdict but Valid, in the reader's words (the public's by
 * default): one rule for a verdict online, offline or from a scanned code.
 */
export function verdictInstruction(verdict: VerdictName, words: InstructionWords = PUBLIC_INSTRUCTIONS): string | null {
  return words[verdict];
}

/** A verdict that means the officer stops the car (a distinct buzz). */
export function isStopVerdict(verdict: VerdictName): boolean {
  return verdict === 'Stolen' || verdict === 'Revoked' || verdict === 'Not authentic';
}

/** navigator.vibrate patterns (ms on, off, on…): a long triple buzz for a stop, one short for Valid. */
export function vibrationPattern(verdict: VerdictName): number[] {
  if (isStopVerdict(verdict)) return [400, 150, 400, 150, 400];
  if (verdict === 'Valid') return [80];
  return [150, 100, 150];
}

// ---------------------------------------------------------------------------------------
// Out-of-date data

export type StalenessThresholds = {
  /** Older than this, a Valid verdict is shown as "Valid as of DATE" in the caution colour. */
  cautionAfterMs: number;
  /** Older than this, the device cannot confirm a plate offline. */
  unconfirmedAfterMs: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The defaults: 24 hours, 7 days. */
export const DEFAULT_STALENESS: StalenessThresholds = { cautionAfterMs: 24 * HOUR_MS, unconfirmedAfterMs: 7 * DAY_MS };

export type FreshnessInput = {
  /** Where the verdict came from: the registry online is never stale. */
  source: 'credential' | 'registry' | 'device-copy';
  /** The device's revocation list's last update (null: never). */
  revocationsFetchedAt: string | null;
  /** The registry copy's last update, when the verdict came from it. */
  registryUpdatedAt: string | null;
  /** Server minus device clock at the last sync, in ms; null before the first. */
  clockSkewMs: number | null;
  /** The device time the verdict was made at (ISO). */
  checkedAt: string;
};

export type VerdictStanding =
  | { standing: 'current' }
  /** Valid as of `asOf` (the older of the list and the copy), `days` whole days old. */
  | { standing: 'caution'; asOf: string; days: number }
  | { standing: 'unconfirmed'; why: 'too-old' | 'never-synced' | 'clock'; days: number | null };

/**
 * How far a verdict can be trusted given the age of the data on the device: the registry's
 * own answer always; a device-side Valid is weakened past the first threshold and not
 * confirmed at all past the second, or when the device clock is off (beyond the tolerance
 * at the last sync, or now earlier than the data's own time: set back since). Only Valid is
 * weakened: an older list can only miss a newer revocation, never invent one.
 */
export function verdictStanding(
  verdict: VerdictName,
  input: FreshnessInput,
  thresholds: StalenessThresholds = DEFAULT_STALENESS,
): VerdictStanding {
  if (verdict !== 'Valid' || input.source === 'registry') return { standing: 'current' };
  const nowMs = Date.parse(input.checkedAt);
  if (Number.isNaN(nowMs)) throw new RangeError(`checkedAt must be an ISO date and time, got '${input.checkedAt}'`);
  // A scanned code rests on the revocation list; a typed number offline on the registry copy too.
  const times =
    input.source === 'device-copy'
      ? [input.revocationsFetchedAt, input.registryUpdatedAt]
      : [input.revocationsFetchedAt];
  const instants = times.map((time) => (time === null ? Number.NaN : Date.parse(time)));
  if (instants.some(Number.isNaN)) return { standing: 'unconfirmed', why: 'never-synced', days: null };
  const oldest = Math.min(...instants);
  const age = nowMs - oldest;
  const days = Math.max(0, Math.floor(age / DAY_MS));
  const skew = input.clockSkewMs;
  if ((skew !== null && Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS) || age < -CLOCK_SKEW_TOLERANCE_MS)
    return { standing: 'unconfirmed', why: 'clock', days };
  if (age > thresholds.unconfirmedAfterMs) return { standing: 'unconfirmed', why: 'too-old', days };
  if (age > thresholds.cautionAfterMs) return { standing: 'caution', asOf: new Date(oldest).toISOString(), days };
  return { standing: 'current' };
}

/** "1 day", "3 days". */
function dayCount(days: number): string {
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** The words a weakened Valid verdict is shown with; `formatDay` writes a date as the app does. */
export function standingText(standing: VerdictStanding, formatDay: (iso: string) => string): string | null {
  switch (standing.standing) {
    case 'current':
      return null;
    case 'caution':
      return `Valid as of ${formatDay(standing.asOf)}: this device’s list is ${dayCount(standing.days)} old. Refresh when you have a signal.`;
    case 'unconfirmed':
      if (standing.why === 'clock')
        return 'Cannot confirm this plate offline: this device’s clock is wrong. Set it to automatic, then refresh.';
      if (standing.why === 'never-synced')
        return 'Cannot confirm this plate offline: this device has no revocation list yet. Connect to refresh.';
      return `Cannot confirm this plate offline: this device’s list is ${dayCount(standing.days ?? 0)} old. Connect to refresh, or call it in.`;
  }
}
