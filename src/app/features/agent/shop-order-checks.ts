/**
 * What the shop's device refuses before the server does, from the orders it has synced: a
 * sale against one of its orders for another number, or to an NRC that is not the order's
 * (compared through the order's digest: the device never holds the NRC), and manufacturing of
 * a number none of its orders is for. The server checks again whatever the device let pass
 * (an application or marketplace reference, an order not synced yet).
 */
import { checkSale } from '#domain/agent/sale-check';
import { matchesNrcCheck } from '#domain/agent/nrc-check';
import { manufacturingNotGiven } from '#domain/integrity/integrity-alert';
import type { LocalAgentOrder } from '../../store/database';

/** The order a reference names, as the server compares them (any case, spaces around ignored). */
export function orderNamed(orders: readonly LocalAgentOrder[], reference: string): LocalAgentOrder | undefined {
  const wanted = reference.trim().toUpperCase();
  return orders.find((order) => order.id.toUpperCase() === wanted);
}

export async function saleRefusedOnDevice(
  orders: readonly LocalAgentOrder[],
  sale: { plateNumber: string; ownerNrc: string; entitlementReference: string },
  subtle: SubtleCrypto = crypto.subtle,
): Promise<Record<string, string> | null> {
  const order = orderNamed(orders, sale.entitlementReference);
  if (!order) return null;
  const isSameNrc =
    order.plateNumber === sale.plateNumber && order.nrcCheck !== null
      ? await matchesNrcCheck(subtle, sale.ownerNrc, order.nrcCheck)
      : false;
  const check = checkSale(sale, [{ plateNumber: order.plateNumber, ownerName: order.customerName }], () =>
    order.nrcCheck === null ? 'missing' : isSameNrc ? 'same' : 'different',
  );
  return check.ok ? null : { [check.field]: check.message };
}

/** Refused only when the device holds the shop's orders (it has synced) and none is for the number. */
export function manufacturingRefusedOnDevice(
  orders: readonly LocalAgentOrder[],
  plateNumber: string,
): Record<string, string> | null {
  if (orders.length === 0 || orders.some((order) => order.plateNumber === plateNumber)) return null;
  return { plateNumber: manufacturingNotGiven(plateNumber) };
}
