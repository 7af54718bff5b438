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

/**
 * `new Date(ms).toISOString()`, written once per millisecond and reused within it: the public
 * verdict asks for its time and day on every answer, tens of thousands of times a second, and
 * writing the text costs more than the rest of the answer from memory.
 */
export function isoTimes(): (ms: number) => string {
  let lastMs = Number.NaN;
  let lastText = '';
  return (ms) => {
    if (ms !== lastMs) {
      lastText = new Date(ms).toISOString();
      lastMs = ms;
    }
    return lastText;
  };
}
