// Blank plate serial numbers (Road Traffic Act: a serial on every plate; docs/decisions/042-blank-serials.md).
// A serial is written "ZB-" and seven digits (ZB-0001234). Deliveries of blanks to a shop
// carry a range of serials; each plate made uses two (front and rear); a spoiled blank uses
// one. The rules here are pure: what a serial is, what a range holds, and how a shop's
// blanks reconcile (delivered = used + spoiled + in stock + unaccounted).

export const BLANK_SERIAL_PREFIX = 'ZB';
export const BLANK_SERIAL_DIGITS = 7;
export const BLANK_SERIAL_MAX = 10 ** BLANK_SERIAL_DIGITS - 1;
/** The most blanks one delivery may carry (an allocation's most plates, front and rear). */
export const SERIAL_RANGE_MAX_BLANKS = 200_000;

export const BLANK_SERIAL_FORMAT_HINT = `a serial such as ${BLANK_SERIAL_PREFIX}-0001234`;

export type SerialParse = { ok: true; value: number } | { ok: false; error: string };

/**
 * A serial as typed: "ZB-0001234", "zb 1234" or "ZB1234" all read as 1234 (the stamp's
 * leading zeros and the hyphen are often left out when copied by hand). Serial 0 does not exist.
 */
export function parseBlankSerial(text: string, label = 'Serial'): SerialParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: `${label} is required` };
  const match = new RegExp(`^${BLANK_SERIAL_PREFIX}[\\s-]*(\\d{1,${BLANK_SERIAL_DIGITS}})$`, 'i').exec(trimmed);
  const value = match?.[1] === undefined ? 0 : Number(match[1]);
  if (value < 1) return { ok: false, error: `${label} must be ${BLANK_SERIAL_FORMAT_HINT}` };
  return { ok: true, value };
}

/** The serial as stamped on the blank: ZB-0001234. */
export function formatBlankSerial(value: number): string {
  return `${BLANK_SERIAL_PREFIX}-${String(value).padStart(BLANK_SERIAL_DIGITS, '0')}`;
}

/** A delivery's serials, first to last inclusive. */
export interface SerialRange {
  first: number;
  last: number;
}

export const rangeSize = (range: SerialRange): number => range.last - range.first + 1;
export const rangeContains = (range: SerialRange, serial: number): boolean =>
  serial >= range.first && serial <= range.last;
export const rangesOverlap = (a: SerialRange, b: SerialRange): boolean => a.first <= b.last && b.first <= a.last;

/** "ZB-0000001 to ZB-0000600". */
export function formatSerialRange(range: SerialRange): string {
  return `${formatBlankSerial(range.first)} to ${formatBlankSerial(range.last)}`;
}

/** Blanks a delivery of `plates` plates holds: a front and a rear for each. */
export const blanksForPlates = (plates: number): number => plates * 2;

/** The other delivery a range overlaps, or undefined. */
export function overlappingRange<Range extends SerialRange & { id: string }>(
  range: SerialRange & { id: string },
  others: readonly Range[],
): Range | undefined {
  return others.find((other) => other.id !== range.id && rangesOverlap(range, other));
}

/** Serials written as a compact list of runs: "ZB-0000003 to ZB-0000005, ZB-0000009". */
export function formatSerialRuns(serials: readonly number[]): string {
  const sorted = [...new Set(serials)].sort((a, b) => a - b);
  const runs: SerialRange[] = [];
  for (const serial of sorted) {
    const last = runs.at(-1);
    if (last && last.last + 1 === serial) last.last = serial;
    else runs.push({ first: serial, last: serial });
  }
  return runs.map((run) => (run.first === run.last ? formatBlankSerial(run.first) : formatSerialRange(run))).join(', ');
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

/** A blank the shop has accounted for: on a plate (front or rear) or spoiled. */
export interface BlankUse {
  serial: number;
  use: 'front' | 'rear' | 'spoiled';
  /** The plate it went on, or for a spoiled blank the reason. */
  detail: string;
}

export interface RangeReconciliation<Range extends SerialRange> {
  range: Range;
  delivered: number;
  used: number;
  spoiled: number;
  /**
   * Blanks still on the stack: above the highest serial used or spoiled. Blanks come from
   * the maker stacked in serial order and are taken from the top (decision 042).
   */
  inStock: number;
  /** Serials below the highest used or spoiled that are neither: a gap, to be accounted for. */
  unaccounted: number[];
  /** The next blank on the stack, or null when the delivery is used up. */
  nextInStock: number | null;
}

export interface SerialReconciliation<Range extends SerialRange> {
  ranges: Array<RangeReconciliation<Range>>;
  /** Serials recorded more than once (used twice, or used and spoiled), with every use. */
  duplicates: Array<{ serial: number; uses: BlankUse[] }>;
  /** Serials recorded that no delivery to the shop holds. */
  notDelivered: BlankUse[];
}

/**
 * A shop's blanks by delivery: for each range, delivered = used + spoiled + in stock +
 * unaccounted. A serial recorded twice counts once in its range and is listed as a
 * duplicate; one outside every range is listed as not delivered.
 */
export function reconcileSerials<Range extends SerialRange>(
  ranges: readonly Range[],
  uses: readonly BlankUse[],
): SerialReconciliation<Range> {
  const bySerial = new Map<number, BlankUse[]>();
  for (const use of uses) bySerial.set(use.serial, [...(bySerial.get(use.serial) ?? []), use]);
  const duplicates = [...bySerial]
    .filter(([, list]) => list.length > 1)
    .map(([serial, list]) => ({ serial, uses: list }))
    .sort((a, b) => a.serial - b.serial);
  const notDelivered = uses.filter((use) => !ranges.some((range) => rangeContains(range, use.serial)));
  const reconciled = ranges.map((range) => {
    let used = 0;
    let spoiled = 0;
    let highest = range.first - 1;
    for (const [serial, list] of bySerial) {
      if (!rangeContains(range, serial)) continue;
      // A serial recorded twice is one blank: counted by its first record.
      if (list[0]?.use === 'spoiled') spoiled += 1;
      else used += 1;
      highest = Math.max(highest, serial);
    }
    const unaccounted: number[] = [];
    for (let serial = range.first; serial < highest; serial += 1) if (!bySerial.has(serial)) unaccounted.push(serial);
    const inStock = range.last - highest;
    return {
      range,
      delivered: rangeSize(range),
      used,
      spoiled,
      inStock,
      unaccounted,
      nextInStock: inStock > 0 ? highest + 1 : null,
    };
  });
  return { ranges: reconciled, duplicates, notDelivered };
}

/** Whether every delivery adds up and nothing was recorded twice or outside them. */
export function isReconciled(reconciliation: SerialReconciliation<SerialRange>): boolean {
  return (
    reconciliation.duplicates.length === 0 &&
    reconciliation.notDelivered.length === 0 &&
    reconciliation.ranges.every((range) => range.unaccounted.length === 0)
  );
}

// ---------------------------------------------------------------------------------------------
// A blank about to be used or spoiled

export type BlankCheck =
  | { ok: true }
  | { ok: false; reason: 'not-delivered'; message: string }
  | { ok: false; reason: 'already-used'; message: string; previous: BlankUse };

/** What the shop is told of a serial no delivery to it holds. */
export const serialNotDelivered = (serial: number) =>
  `${formatBlankSerial(serial)} was not delivered to this shop. Check the serial stamped on the blank: only blanks from the shop's own deliveries may be used.`;

/** What the shop is told of a serial already used or spoiled. */
export function serialAlreadyUsed(serial: number, previous: BlankUse): string {
  const where =
    previous.use === 'spoiled'
      ? `was recorded as spoiled (${previous.detail})`
      : `is already the ${previous.use} blank of ${previous.detail}`;
  return `${formatBlankSerial(serial)} ${where}. A blank is used once: check the serial stamped on the blank.`;
}

/** A blank may be used (or recorded spoiled) when a delivery to the shop holds it and it has not been used or spoiled. */
export function checkBlank(serial: number, ranges: readonly SerialRange[], previous: BlankUse | undefined): BlankCheck {
  if (!ranges.some((range) => rangeContains(range, serial)))
    return { ok: false, reason: 'not-delivered', message: serialNotDelivered(serial) };
  if (previous) return { ok: false, reason: 'already-used', message: serialAlreadyUsed(serial, previous), previous };
  return { ok: true };
}

/** How an officer reads a plate's serials, to compare with what is stamped on it. */
export function serialsText(serials: { front: string; rear: string }): string {
  return `front ${serials.front}, rear ${serials.rear}`;
}

// ---------------------------------------------------------------------------------------------
// The reconciliation as screens and the API show it

/** One delivery's line: delivered = used + spoiled + in stock + unaccounted. */
export interface DeliveryLine {
  /** The allocation's number (null before the server has numbered it). */
  allocation: number | null;
  serials: string;
  delivered: number;
  used: number;
  spoiled: number;
  inStock: number;
  unaccounted: number;
  /** The unaccounted serials, as runs ('' when none). */
  unaccountedSerials: string;
  nextInStock: string | null;
}

export interface ShopReconciliation {
  deliveries: DeliveryLine[];
  /** Serials recorded twice, each with what they were recorded as. */
  duplicates: Array<{ serial: string; uses: string[] }>;
  /** Serials recorded that no delivery to the shop holds. */
  notDelivered: Array<{ serial: string; use: string }>;
  isReconciled: boolean;
}

const useText = (use: BlankUse) => (use.use === 'spoiled' ? `spoiled (${use.detail})` : `${use.use} of ${use.detail}`);

/** A shop's reconciliation, ready to show: deliveries (ranges with their allocation's number) and its recorded blanks. */
export function shopReconciliation(
  ranges: ReadonlyArray<SerialRange & { number: number | null }>,
  uses: readonly BlankUse[],
): ShopReconciliation {
  const reconciled = reconcileSerials(ranges, uses);
  return {
    deliveries: reconciled.ranges.map((line) => ({
      allocation: line.range.number,
      serials: formatSerialRange(line.range),
      delivered: line.delivered,
      used: line.used,
      spoiled: line.spoiled,
      inStock: line.inStock,
      unaccounted: line.unaccounted.length,
      unaccountedSerials: formatSerialRuns(line.unaccounted),
      nextInStock: line.nextInStock === null ? null : formatBlankSerial(line.nextInStock),
    })),
    duplicates: reconciled.duplicates.map((duplicate) => ({
      serial: formatBlankSerial(duplicate.serial),
      uses: duplicate.uses.map(useText),
    })),
    notDelivered: reconciled.notDelivered.map((use) => ({ serial: formatBlankSerial(use.serial), use: useText(use) })),
    isReconciled: isReconciled(reconciled),
  };
}
