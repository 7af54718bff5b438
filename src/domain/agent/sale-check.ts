// A whitebook sale checked against the entitlement it names (docs/shop-records.md): the
// reference must be the shop's, be for that plate number, and name the NRC the shop saw at
// the counter. Pure: the server checks with the orders in its database, the shop's device
// with the orders it has synced (comparing NRC digests, so it never holds NRCs in clear).
import { entitlementNotFound } from './agent-records';
import { saleNrcMismatch, saleNrcMissing, saleWrongNumber } from '../integrity/integrity-alert';

/** A number an entitlement document is for, and whose it is. */
export interface SaleEntitlement {
  plateNumber: string;
  ownerName: string;
}

export type SaleCheck<E extends SaleEntitlement> =
  | { ok: true; entitlement: E }
  /** The reference is none of the shop's: a typing slip, unless the number was never the shop's either. */
  | { ok: false; reason: 'unknown-reference'; message: string; field: 'entitlementReference' }
  /** The reference is the shop's, but for other numbers. */
  | { ok: false; reason: 'wrong-number'; message: string; field: 'plateNumber'; numbers: string[] }
  /** The order names no NRC to check the owner's against. */
  | { ok: false; reason: 'nrc-missing'; message: string; field: 'entitlementReference' }
  /** The NRC recorded at the counter is not the order's. */
  | { ok: false; reason: 'nrc-mismatch'; message: string; field: 'ownerNrc' };

/**
 * `entitlements` is what the reference entitles the shop to (undefined: not the shop's);
 * `nrcOf` says whether an entitlement names an NRC and whether the sale's matches it.
 */
export function checkSale<E extends SaleEntitlement>(
  sale: { plateNumber: string; entitlementReference: string },
  entitlements: readonly E[] | undefined,
  nrcOf: (entitlement: E) => 'missing' | 'same' | 'different',
): SaleCheck<E> {
  const reference = sale.entitlementReference.trim();
  if (!entitlements || entitlements.length === 0)
    return {
      ok: false,
      reason: 'unknown-reference',
      message: entitlementNotFound(reference),
      field: 'entitlementReference',
    };
  const entitlement = entitlements.find((candidate) => candidate.plateNumber === sale.plateNumber);
  if (!entitlement) {
    const numbers = entitlements.map((candidate) => candidate.plateNumber);
    return {
      ok: false,
      reason: 'wrong-number',
      message: saleWrongNumber(reference, sale.plateNumber, numbers),
      field: 'plateNumber',
      numbers,
    };
  }
  const nrc = nrcOf(entitlement);
  if (nrc === 'missing')
    return { ok: false, reason: 'nrc-missing', message: saleNrcMissing(reference), field: 'entitlementReference' };
  if (nrc === 'different')
    return { ok: false, reason: 'nrc-mismatch', message: saleNrcMismatch(reference), field: 'ownerNrc' };
  return { ok: true, entitlement };
}
