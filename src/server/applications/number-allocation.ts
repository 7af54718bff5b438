/**
 * Plate numbers for an approved application: random standard numbers, claimed for the
 * request inside the decision's transaction. A number another transaction takes first is
 * skipped, so two administrators approving at once never hand out the same number.
 */
import { randomInt } from 'node:crypto';
import { isLuckyNumber, isStandardPlateNumber } from '#domain/plates/plate-number';
import type { Queryable } from '../db/database';
import { applicationRepository, type StoredApplication } from '../repositories/application-repository';

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'; // no I, O or Q: they read as 1 and 0 on a plate

/**
 * A random standard number, ZM-###-XXX. Lucky numbers (777, 000 ...) are never handed out
 * here: they are premium stock for the marketplace.
 */
export function randomPlateNumber(random: (max: number) => number = randomInt): string {
  for (;;) {
    const digits = String(100 + random(900));
    const letters = Array.from({ length: 3 }, () => LETTERS[random(LETTERS.length)]).join('');
    const candidate = `ZM-${digits}-${letters}`;
    if (isStandardPlateNumber(candidate) && !isLuckyNumber(candidate)) return candidate;
  }
}

/** Claims `count` numbers nobody has for the request; a number another transaction takes first is simply skipped. */
export async function allocateNumbers(
  tx: Queryable,
  request: StoredApplication,
  agentId: string,
  count: number,
  at: Date,
  newNumber: () => string,
): Promise<string[]> {
  const requests = applicationRepository(tx);
  const claimed: string[] = [];
  for (let round = 0; round < 20 && claimed.length < count; round += 1) {
    const wanted = count - claimed.length;
    const candidates = [...new Set(Array.from({ length: wanted * 2 + 4 }, newNumber))];
    for (const plateNumber of await requests.unusedNumbers(candidates)) {
      if (claimed.length === count) break;
      if (await requests.claimNumber({ plateNumber, requestId: request.id, agentId, at })) claimed.push(plateNumber);
    }
  }
  return claimed;
}
