/** The administrator's changes to inventory allocations, as mutations for the one write path. */
import type { AllocationValues, InventoryAllocation } from '#domain/inventory/allocation';
import type { LocalInventoryAllocation } from '../../store/database';
import type { Mutation } from '../../store/mutate';

/** The row shows at once (its number once the server has given it one); `shopName` is the chosen shop's name. */
export function saveAllocationMutation(
  values: AllocationValues,
  shopName: string,
  before: InventoryAllocation | undefined,
): Mutation<LocalInventoryAllocation> {
  const now = new Date().toISOString();
  return {
    intent: 'saveAllocation',
    table: 'inventoryAllocations',
    row: { ...values, number: before?.number ?? null, shopName, createdAt: before?.createdAt ?? now, updatedAt: now },
    payload: values,
  };
}

export function deleteAllocationMutation(allocation: LocalInventoryAllocation): Mutation<LocalInventoryAllocation> {
  return {
    intent: 'deleteAllocation',
    table: 'inventoryAllocations',
    row: { ...allocation, isDeleted: true },
    payload: { id: allocation.id },
  };
}
