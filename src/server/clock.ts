/**
 * The server's clock: real time (or a test's own clock) moved by an offset. Everything
 * that judges dates (expiry, renewals, payments' time limits, reminders) reads it through
 * the `now` the app hands its routes. The offset moves only through PUT /api/test/clock,
 * which exists only when TEST_CLOCK is set (a browser test passing five years); in
 * production it stays 0.
 */
const DAY_MS = 86_400_000;

export interface ServerClock {
  now(): Date;
  /** Whole days the clock is moved from its base (negative: into the past). */
  offsetDays(): number;
  setOffsetDays(days: number): void;
}

export function movableClock(base: () => Date = () => new Date()): ServerClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset * DAY_MS),
    offsetDays: () => offset,
    setOffsetDays(days: number) {
      if (!Number.isInteger(days)) throw new RangeError(`The clock moves by whole days, got ${days}`);
      offset = days;
    },
  };
}
