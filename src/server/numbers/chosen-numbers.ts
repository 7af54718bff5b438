/**
 * Numbers a buyer chooses (docs/plate-numbers.md): what a check of a number answers, the
 * holds an application's chosen numbers get when it is submitted (inside the checkout's
 * transaction, before any payment is recorded), and claiming exactly those numbers when the
 * application is approved. Every refusal says which number and why, on the plateNumbers field.
 */
import type { AvailabilityAnswer } from '#domain/api/numbers';
import {
  judgeChosenNumber,
  lookAlikeKey,
  offensiveWordIn,
  parseRequestedNumber,
  type NumberRules,
} from '#domain/plates/number-choice';
import type { PlateNumber } from '#domain/plates/plate-number';
import type { Queryable } from '../db/database';
import { listingRepository } from '../repositories/listing-repository';
import { numberRepository } from '../repositories/number-repository';
import { registryRepository } from '../repositories/registry-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { Refusal } from '../sync/intent';

export const numberNotFree = (number: string) =>
  `${number} is no longer free: someone else has it or is applying for it. Choose another number, or leave it to us to allocate one.`;
export const numberGoneAtApproval = (numbers: readonly string[]) =>
  `${numbers.join(', ')}, chosen with this application, ${numbers.length === 1 ? 'is' : 'are'} no longer free, so the application cannot be approved with ${numbers.length === 1 ? 'it' : 'them'}.`;

/** What the administrator is told when approving found a chosen number gone: the application was rejected and refunded. */
export const rejectedForNumberGone = (numbers: readonly string[]) =>
  `${numberGoneAtApproval(numbers)} It was rejected and its payment is being refunded.`;

export type NumberCheck = AvailabilityAnswer | { invalid: string };

/** What a check of the number answers: where it stands, or why it cannot be asked for. */
export async function checkNumber(db: Queryable, plate: PlateNumber): Promise<NumberCheck> {
  const numbers = numberRepository(db);
  const registry = registryRepository(db);
  const [listing, registered, unissued, holder, taken] = await Promise.all([
    listingRepository(db).findByNumber(plate),
    registry.find(plate),
    registry.findUnissued(plate),
    numbers.holder(plate),
    numbers.takenReadingLike(lookAlikeKey(plate)),
  ]);
  const listed = listing ? { id: listing.id, price: listing.price, status: listing.status } : null;
  const answer = (availability: AvailabilityAnswer['availability'], reason: string | null = null) => ({
    plateNumber: plate,
    availability,
    listing: listed,
    reason,
  });
  if (registered) return answer('registered');
  if (unissued && !listing) return answer('allocated');
  if (listing)
    return answer(listing.status === 'Available' ? 'for-sale' : listing.status === 'Reserved' ? 'reserved' : 'sold');
  if (holder) return answer('held');
  if (taken.includes(plate)) return answer('allocated');
  // Nobody has it: only now does its form matter (a registered BAK 4521 is answered above).
  const requestable = parseRequestedNumber(plate);
  if (!requestable.ok) return { invalid: requestable.error };
  const { settings } = await settingsRepository(db).numberRules();
  const judged = judgeChosenNumber(requestable.value, settings, taken);
  return judged.ok ? answer('free') : answer('not-offered', judged.message);
}

function refuse(status: 400 | 409, message: string): never {
  throw new Refusal(status, message, { plateNumbers: message });
}

/**
 * Holds each chosen number for the application, in the checkout's transaction: a number
 * taken, held, listed, offensive or a look-alike of one taken is refused (the transaction,
 * and with it the application, is rolled back before any payment is recorded).
 */
export async function holdChosenNumbers(
  tx: Queryable,
  requestId: string,
  chosen: readonly PlateNumber[],
  at: Date,
): Promise<void> {
  if (chosen.length === 0) return;
  const numbers = numberRepository(tx);
  const { settings } = await settingsRepository(tx).numberRules();
  for (const number of chosen) {
    const reading = lookAlikeKey(number);
    const taken = await numbers.takenReadingLike(reading);
    if (taken.includes(number)) refuse(409, numberNotFree(number));
    const judged = judgeChosenNumber(number, settings, taken);
    if (!judged.ok) refuse(judged.reason === 'offensive' ? 400 : 409, judged.message);
    // A second submit that got here at the same moment holds it first: the unique keys decide.
    if (!(await numbers.hold(number, reading, requestId, at))) refuse(409, numberNotFree(number));
  }
  await numbers.setRequested(requestId, chosen);
}

/**
 * At approval, the numbers the application asked for, if every one is still its to have;
 * otherwise the numbers that are gone (the caller records the failure).
 */
export async function chosenNumbersAtApproval(
  tx: Queryable,
  requestId: string,
): Promise<{ ok: true; numbers: string[] } | { ok: false; gone: string[] }> {
  const numbers = numberRepository(tx);
  const chosen = (await numbers.requestedOf([requestId])).get(requestId)?.numbers ?? [];
  const gone: string[] = [];
  for (const number of chosen)
    if ((await numbers.takenReadingLike(lookAlikeKey(number), requestId)).length > 0) gone.push(number);
  return gone.length > 0 ? { ok: false, gone } : { ok: true, numbers: chosen };
}

/** A random number generator that skips numbers spelling a listed word (a few tries, then whatever comes). */
export function avoidingListedWords(newNumber: () => string, rules: NumberRules): () => string {
  return () => {
    let candidate = newNumber();
    for (let tries = 0; tries < 50 && offensiveWordIn(candidate, rules.offensiveWords) !== null; tries += 1)
      candidate = newNumber();
    return candidate;
  };
}
