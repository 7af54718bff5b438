/** 'Confirm Deletion' for an allocation: the spec's warning, its ID, type, quantity and status, Cancel and 'Delete Allocation'. */
import { DataList, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { applyChange } from '../../components/use-change-form';
import { deleteAllocationMutation } from './allocation-changes';
import type { AllocationRow } from '../../inventory/inventory-data';
import { allocationLabel } from '../../inventory/stock-status-badge';

export const ALLOCATION_DELETE_CONFIRMATION =
  'Are you sure you want to delete this inventory allocation? This action cannot be undone.';

export function DeleteAllocationDialog({ row, onClose }: { row: AllocationRow; onClose: () => void }) {
  const { allocation } = row;
  return (
    <ConfirmDialog
      title="Confirm Deletion"
      confirmLabel="Delete Allocation"
      onConfirm={() =>
        applyChange(
          deleteAllocationMutation({ ...allocation, syncState: row.syncState }),
          `Allocation ${allocationLabel(allocation)} was deleted`,
        )
      }
      onClose={onClose}
    >
      <Text>{ALLOCATION_DELETE_CONFIRMATION}</Text>
      <DataList.Root orientation="horizontal" size="sm">
        {(
          [
            ['ID', allocationLabel(allocation)],
            ['Plate Maker', allocation.shopName],
            ['Plate Type', allocation.plateType],
            ['Quantity', allocation.allocatedQuantity.toLocaleString('en-GB')],
            ['Status', row.status],
          ] as const
        ).map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </ConfirmDialog>
  );
}
