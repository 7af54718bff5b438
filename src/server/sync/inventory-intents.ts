/**
 * The administrator's inventory allocations, saved from any of their devices (offline too)
 * and sent through the one write path. An allocation goes to an active plate-maker shop;
 * once the shop has recorded blanks received against it, it stays with that shop and
 * cannot be deleted. Checked under one lock with the shop's receipts, and audited.
 */
import { ALLOCATION_HAS_RECEIPTS, allocationInputSchema } from '#domain/inventory/allocation';
import { z } from 'zod';
import { allocationRepository } from '../repositories/allocation-repository';
import { formatSerialRange, overlappingRange } from '#domain/serials/blank-serial';
import { blankSerialRepository } from '../repositories/blank-serial-repository';
import { auditRepository } from '../repositories/audit-repository';
import { actor, defineIntent, Refusal } from './intent';

/** A range that overlaps another delivery's: every blank has one serial, on one delivery. */
export const serialRangeOverlaps = (number: number, range: string) =>
  `These serials overlap allocation ${number} (${range}): every blank has its own serial, delivered once.`;
export const SERIALS_IN_USE =
  'The shop has recorded blanks of this delivery as used or spoiled, so its serials and its shop can no longer change.';

export const NOT_A_SHOP = 'Please choose a plate maker: blanks are allocated to an active plate-maker account.';

export const saveAllocation = defineIntent({
  access: 'inventory:manage',
  payload: allocationInputSchema,
  async apply(context, values) {
    const admin = actor(context);
    const allocations = allocationRepository(context.tx);
    await allocations.lock();
    const before = await allocations.find(values.id);
    if (!before || before.shopId !== values.shopId) {
      if (!(await allocations.isActiveShop(values.shopId))) throw new Refusal(422, NOT_A_SHOP, { shopId: NOT_A_SHOP });
    }
    if (
      before &&
      (before.shopId !== values.shopId || before.plateType !== values.plateType) &&
      (await allocations.receivedAgainst(values.id)) > 0
    ) {
      throw new Refusal(409, ALLOCATION_HAS_RECEIPTS, { shopId: ALLOCATION_HAS_RECEIPTS });
    }
    const serials = blankSerialRepository(context.tx);
    if (values.serialFirst !== null && values.serialLast !== null) {
      const range = { id: values.id, first: values.serialFirst, last: values.serialLast };
      const other = overlappingRange(range, await serials.ranges());
      if (other) {
        const message = serialRangeOverlaps(other.number, formatSerialRange(other));
        throw new Refusal(409, message, { serialFirst: message });
      }
    }
    const beforeRange =
      before?.serialFirst != null && before.serialLast != null
        ? { first: before.serialFirst, last: before.serialLast }
        : undefined;
    const rangeMoves =
      beforeRange &&
      (beforeRange.first !== values.serialFirst ||
        beforeRange.last !== values.serialLast ||
        before?.shopId !== values.shopId);
    if (beforeRange && rangeMoves && (await serials.anyUsedIn(beforeRange)))
      throw new Refusal(409, SERIALS_IN_USE, { serialFirst: SERIALS_IN_USE });
    const saved = await allocations.save(values, admin.id, context.now(), before);
    const changed = before
      ? Object.fromEntries(
          (['shopId', 'plateType', 'allocatedQuantity', 'note', 'serialFirst', 'serialLast'] as const)
            .filter((key) => before[key] !== saved[key])
            .map((key) => [key, { from: before[key], to: saved[key] }]),
        )
      : {
          shopId: saved.shopId,
          plateType: saved.plateType,
          allocatedQuantity: saved.allocatedQuantity,
          serialFirst: saved.serialFirst,
          serialLast: saved.serialLast,
        };
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: before ? 'inventory.allocation.edit' : 'inventory.allocation.add',
      target: String(saved.number),
      detail: changed,
      ip: context.ip,
    });
    return { number: saved.number };
  },
});

export const deleteAllocation = defineIntent({
  access: 'inventory:manage',
  payload: z.object({ id: z.uuid({ error: 'id must be a UUID' }) }),
  async apply(context, { id }) {
    const admin = actor(context);
    const allocations = allocationRepository(context.tx);
    await allocations.lock();
    const before = await allocations.find(id);
    // Deleting an allocation that is already gone leaves things as the administrator wanted.
    if (!before) return undefined;
    if ((await allocations.receivedAgainst(id)) > 0) throw new Refusal(409, ALLOCATION_HAS_RECEIPTS);
    if (
      before.serialFirst != null &&
      before.serialLast != null &&
      (await blankSerialRepository(context.tx).anyUsedIn({ first: before.serialFirst, last: before.serialLast }))
    )
      throw new Refusal(409, SERIALS_IN_USE);
    await allocations.delete(before);
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: 'inventory.allocation.delete',
      target: String(before.number),
      detail: { shopId: before.shopId, plateType: before.plateType, allocatedQuantity: before.allocatedQuantity },
      ip: context.ip,
    });
    return undefined;
  },
});
