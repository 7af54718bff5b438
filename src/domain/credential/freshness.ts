// How old the device's registry data is, and how far the device clock is from the server's.
// An offline verdict is only as good as the revocation list behind it and the date it
// judges expiry by, so the verification screen shows both.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Beyond this the screen warns that the device clock is wrong. */
export const CLOCK_SKEW_TOLERANCE_MS = 5 * MINUTE_MS;

function instantOf(iso: string, name: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`${name} must be an ISO date and time, got '${iso}'`);
  return ms;
}

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * 'just now', '5 minutes ago', '3 hours ago', '2 days ago': the age of `fromIso` at `nowIso`,
 * rounded down. A time slightly in the future (clocks disagree) also reads 'just now'.
 */
export function describeAge(fromIso: string, nowIso: string): string {
  const age = instantOf(nowIso, 'now') - instantOf(fromIso, 'from');
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return ago(Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return ago(Math.floor(age / HOUR_MS), 'hour');
  return ago(Math.floor(age / DAY_MS), 'day');
}

/**
 * How far the device clock is behind the server's, in ms (negative: ahead). The server
 * stamped its time about half a round trip before the response arrived, so that half is
 * added back.
 */
export function clockSkew(serverTimeIso: string, deviceTimeAtResponseMs: number, roundTripMs: number): number {
  if (!Number.isFinite(deviceTimeAtResponseMs))
    throw new RangeError(`Device time must be a finite number of ms, got ${deviceTimeAtResponseMs}`);
  if (!Number.isFinite(roundTripMs) || roundTripMs < 0)
    throw new RangeError(`Round trip must be a non-negative number of ms, got ${roundTripMs}`);
  return instantOf(serverTimeIso, 'Server time') + roundTripMs / 2 - deviceTimeAtResponseMs;
}

export function isClockOff(skewMs: number): boolean {
  return Math.abs(skewMs) > CLOCK_SKEW_TOLERANCE_MS;
}

/**
 * The UTC date to judge expiry by: the device clock corrected by the last measured skew, so
 * a phone set to the wrong day neither passes an expired plate nor fails a valid one.
 */
export function correctedToday(deviceNowMs: number, skewMs: number): string {
  // Not credential.ts's isoDateOf: screens showing freshness must not load the credential codec.
  const date = new Date(deviceNowMs + skewMs);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid instant: ${deviceNowMs + skewMs}`);
  return date.toISOString().slice(0, 10);
}
