/** 'Confirm Deletion' for an allocation: the spec's warning, its ID, type, quantity and status, Cancel and 'Delete Allocation'. */
import { Button, DataList, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { applyChange } from '../../components/use-change-form';
import { deleteAllocationMutation } from './allocation-changes';
import type { AllocationRow } from './inventory-data';
import { allocationLabel } from './stock-status-badge';

export const ALLOCATION_DELETE_CONFIRMATION = 'Are you sure you want to delete this inventory allocation? This action cannot be undone.';

export function DeleteAllocationDialog({ row, onClose }: { row: AllocationRow; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const { allocation } = row;

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      const refusal = await applyChange(deleteAllocationMutation({ ...allocation, syncState: row.syncState }), `Allocation ${allocationLabel(allocation)} was deleted`);
      if (refusal) setError(refusal);
      else onClose();
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AppDialog
      title="Confirm Deletion"
      role="alertdialog"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={isDeleting} onClick={() => void remove()}>
            Delete Allocation
          </Button>
        </>
      }
    >
      <Stack gap="3">
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
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
