/**
 * The administrator's inventory allocations, saved from any of their devices (offline too)
 * and sent through the one write path. An allocation goes to an active plate-maker shop;
 * once the shop has recorded blanks received against it, it stays with that shop and
 * cannot be deleted. Checked under one lock with the shop's receipts, and audited.
 */
import { ALLOCATION_HAS_RECEIPTS, allocationInputSchema } from '#domain/inventory/allocation';
import { z } from 'zod';
import { allocationRepository } from '../repositories/allocation-repository';
import { auditRepository } from '../repositories/audit-repository';
import { actor, defineIntent, Refusal } from './intent';

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
    if (before && (before.shopId !== values.shopId || before.plateType !== values.plateType) && (await allocations.receivedAgainst(values.id)) > 0) {
      throw new Refusal(409, ALLOCATION_HAS_RECEIPTS, { shopId: ALLOCATION_HAS_RECEIPTS });
    }
    const saved = await allocations.save(values, admin.id, context.now(), before);
    const changed = before
      ? Object.fromEntries((['shopId', 'plateType', 'allocatedQuantity', 'note'] as const).filter((key) => before[key] !== saved[key]).map((key) => [key, { from: before[key], to: saved[key] }]))
      : { shopId: saved.shopId, plateType: saved.plateType, allocatedQuantity: saved.allocatedQuantity };
    await auditRepository(context.tx).record({ actorId: admin.id, action: before ? 'inventory.allocation.edit' : 'inventory.allocation.add', target: String(saved.number), detail: changed, ip: context.ip });
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
