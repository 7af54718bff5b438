/**
 * The registry's check of the blanks a shop records (decision 042): a serial must be from a
 * delivery to that shop and neither used nor spoiled. A serial another delivery holds, or none,
 * and a serial used twice, are refused and raised as `blank-serial` integrity alerts (the push
 * engine raises them once the change is undone). A record that leaves blanks unaccounted below
 * it in its delivery is kept, and raises a `blank-serial-gap` alert for the administrator.
 * Used by the manufacturing and the spoiled-blank intents, and so by the demo seed.
 */
import {
  checkBlank,
  formatBlankSerial,
  formatSerialRuns,
  rangeContains,
  reconcileSerials,
} from '#domain/serials/blank-serial';
import type { Queryable } from '../db/database';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';
import { blankSerialRepository } from '../repositories/blank-serial-repository';
import { Refusal } from '../sync/intent';

export interface BlankToCheck {
  serial: number;
  /** The form field it was typed in (frontSerial, rearSerial, serial). */
  field: string;
}

/**
 * Refuses (with an alert) the first blank that is not the shop's to use. `evidence` says what
 * was being recorded; `what` names it for the summary ("Manufacturing of ZM-123-ABC").
 */
export async function checkBlanks(
  tx: Queryable,
  shopId: string,
  blanks: readonly BlankToCheck[],
  what: string,
  plateNumber: string | null,
  evidence: Record<string, string>,
): Promise<void> {
  const repository = blankSerialRepository(tx);
  const ranges = await repository.ranges();
  const ownRanges = ranges.filter((range) => range.shopId === shopId);
  const uses = await repository.usesOf(blanks.map((blank) => blank.serial));
  for (const blank of blanks) {
    const check = checkBlank(blank.serial, ownRanges, uses.get(blank.serial));
    if (check.ok) continue;
    const serial = formatBlankSerial(blank.serial);
    const holder = ranges.find((range) => rangeContains(range, blank.serial));
    const more: Record<string, string> =
      check.reason === 'not-delivered'
        ? {
            'Blank serial': serial,
            'Delivered to': holder
              ? holder.shopId === shopId
                ? 'this shop'
                : `another shop (allocation ${holder.number})`
              : 'no delivery',
          }
        : {
            'Blank serial': serial,
            'Already recorded as':
              check.previous.use === 'spoiled'
                ? `spoiled: ${check.previous.detail}`
                : `${check.previous.use} blank of ${check.previous.detail}`,
          };
    const summary =
      check.reason === 'not-delivered'
        ? `${what} on blank ${serial}, which was not delivered to this shop, was refused.`
        : `${what} on blank ${serial}, which is already used or spoiled, was refused.`;
    throw new Refusal(
      check.reason === 'not-delivered' ? 422 : 409,
      check.message,
      { [blank.field]: check.message },
      { kind: 'blank-serial', subjectId: shopId, plateNumber, summary, evidence: { ...evidence, ...more } },
    );
  }
}

/** A serial the check passed but another record took in the meantime (two devices at once). */
export function blankTakenMeanwhile(serial: number, field: string): Refusal {
  const message = `${formatBlankSerial(serial)} was recorded by another record a moment ago. A blank is used once: check the serial stamped on the blank.`;
  return new Refusal(409, message, { [field]: message });
}

/**
 * After blanks were recorded: when blanks of their delivery below the highest recorded are
 * neither used nor spoiled, the administrator is told (once per record that leaves them).
 */
export async function alertOnGaps(
  tx: Queryable,
  shopId: string,
  serials: readonly number[],
  plateNumber: string | null,
  what: string,
  at: Date,
): Promise<void> {
  const repository = blankSerialRepository(tx);
  const ranges = (await repository.ranges(shopId)).filter((range) =>
    serials.some((serial) => rangeContains(range, serial)),
  );
  if (ranges.length === 0) return;
  // Only the uses within the record's deliveries: a shop's whole history is not read for each record.
  const uses = (await Promise.all(ranges.map((range) => repository.usesIn(range)))).flat();
  const reconciled = reconcileSerials(ranges, uses);
  for (const range of reconciled.ranges) {
    const mine = serials.filter((serial) => rangeContains(range.range, serial));
    const highest = Math.max(...mine);
    // Only the blanks skipped between the delivery's last record before this one and this one: a gap is told once.
    const before = Math.max(
      range.range.first - 1,
      ...uses
        .filter((use) => rangeContains(range.range, use.serial) && !mine.includes(use.serial))
        .map((use) => use.serial),
    );
    const behind = range.unaccounted.filter((serial) => serial > before && serial < Math.min(...mine));
    if (behind.length === 0) continue;
    await raiseIntegrityAlert(
      tx,
      {
        kind: 'blank-serial-gap',
        subjectId: shopId,
        plateNumber,
        summary: `${what} on ${formatBlankSerial(highest)} leaves ${behind.length} blank${behind.length === 1 ? '' : 's'} of allocation ${range.range.number} neither used nor spoiled.`,
        evidence: {
          'Blank serial': formatBlankSerial(highest),
          'Unaccounted blanks': formatSerialRuns(behind),
          Delivery: `allocation ${range.range.number}`,
        },
      },
      at,
    );
  }
}
