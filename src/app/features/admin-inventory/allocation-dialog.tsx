/**
 * 'Add New Inventory Allocation' and 'Edit Inventory Allocation' (with 'Update Allocation'):
 * the plate maker, the plate type, the quantity, the serials of the blanks delivered
 * (first and last: a front and a rear per plate, decision 042) and a note. Saved through the one write
 * path, so it works offline; the server refuses a shop that is not an active plate maker,
 * and a move to another shop or type once blanks were received against the allocation.
 */
import { INVENTORY_PLATE_TYPES } from '#domain/statuses/statuses';
import { blanksForPlates, formatBlankSerial, parseBlankSerial } from '#domain/serials/blank-serial';
import { Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { onDemand } from '../../components/loaded-when-open';
import { RecordFormDialog, useRecordValues } from '../../components/record-form-dialog';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import type { LocalInventoryAllocation } from '../../store/database';
import { newId } from '../../store/new-id';
import { saveAllocationMutation } from './allocation-changes';

// The form's rules load once the page is idle (or with the first save), not with the page.
const rules = onDemand(() => import('#domain/inventory/allocation'));

type FormValues = {
  shopId: string;
  plateType: string;
  allocatedQuantity: string;
  note: string;
  serialFirst: string;
  serialLast: string;
};
type FieldName = keyof FormValues | 'id' | 'form';

export interface PlateMakerShop {
  id: string;
  name: string;
}

export interface AllocationDialogProps {
  /** null: Add New Inventory Allocation. */
  allocation: LocalInventoryAllocation | null;
  /** Active plate-maker shops the blanks can go to. */
  shops: readonly PlateMakerShop[];
  onClose: () => void;
}

/** The range a quantity needs: a front and a rear blank per plate, from the first serial typed. */
function lastSerialHint(values: FormValues): string {
  const quantity = Number(values.allocatedQuantity);
  const first = parseBlankSerial(values.serialFirst);
  if (!Number.isInteger(quantity) || quantity < 1) return 'A front and a rear blank per plate.';
  const blanks = blanksForPlates(quantity);
  return first.ok
    ? `${blanks.toLocaleString('en-US')} blanks (a front and a rear per plate): the last is ${formatBlankSerial(first.value + blanks - 1)}.`
    : `${blanks.toLocaleString('en-US')} blanks: a front and a rear per plate.`;
}

export function AllocationDialog({ allocation, shops, onClose }: AllocationDialogProps) {
  const isAdding = allocation === null;
  const [id] = useState(() => allocation?.id ?? newId());
  const { errors, clearError, formMessage, isSubmitting, formRef, submit } = useChangeForm<FieldName>();
  const { values, change } = useRecordValues<FormValues, FieldName>(
    () =>
      allocation
        ? {
            shopId: allocation.shopId,
            plateType: allocation.plateType,
            allocatedQuantity: String(allocation.allocatedQuantity),
            note: allocation.note,
            serialFirst: allocation.serialFirst == null ? '' : formatBlankSerial(allocation.serialFirst),
            serialLast: allocation.serialLast == null ? '' : formatBlankSerial(allocation.serialLast),
          }
        : {
            shopId: shops.length === 1 ? (shops[0]?.id ?? '') : '',
            plateType: '',
            allocatedQuantity: '',
            note: '',
            serialFirst: '',
            serialLast: '',
          },
    undefined,
    clearError,
  );
  // A shop no longer active (or not yet on this device) is still shown for an allocation it holds.
  const choices =
    allocation && !shops.some((shop) => shop.id === allocation.shopId)
      ? [...shops, { id: allocation.shopId, name: allocation.shopName }]
      : shops;

  async function save() {
    const input = { id, ...values };
    const shopName = choices.find((shop) => shop.id === values.shopId)?.name ?? '';
    const result = await submit(
      rules.load().then((module) => module.allocationInputSchema),
      input,
      (value) => saveAllocationMutation(value, shopName, allocation ?? undefined),
    );
    if (result === 'sent' || result === 'queued') {
      toastChange(result, isAdding ? 'Allocation added' : 'Allocation updated');
      onClose();
    }
  }

  return (
    <RecordFormDialog
      title={isAdding ? 'Add New Inventory Allocation' : 'Edit Inventory Allocation'}
      formId="allocation-form"
      formRef={formRef}
      submitLabel={isAdding ? 'Add Allocation' : 'Update Allocation'}
      isSubmitting={isSubmitting}
      fixing={undefined}
      formMessage={formMessage}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <FormField label="Plate Maker" error={errors.shopId} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            placeholder="Choose a plate maker"
            value={values.shopId}
            onChange={(event) => change('shopId', event.currentTarget.value)}
          >
            {choices.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {choices.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          There is no active plate-maker account yet: approve one under User Management first.
        </Text>
      )}
      <FormField label="Plate Type" error={errors.plateType} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            placeholder="Choose a plate type"
            value={values.plateType}
            onChange={(event) => change('plateType', event.currentTarget.value)}
          >
            {INVENTORY_PLATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField
        label="Allocated Quantity"
        error={errors.allocatedQuantity}
        required
        helperText="Plates (one per number) the shop may make from this allocation."
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={100_000}
          step={1}
          value={values.allocatedQuantity}
          onChange={(event) => change('allocatedQuantity', event.currentTarget.value)}
        />
      </FormField>
      <FormField
        label="First serial"
        error={errors.serialFirst}
        helperText="Stamped on the first blank of the delivery, e.g. ZB-0100001."
      >
        <Input
          value={values.serialFirst}
          maxLength={12}
          autoComplete="off"
          fontFamily="mono"
          placeholder="ZB-0100001"
          onChange={(event) => change('serialFirst', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Last serial" error={errors.serialLast} helperText={lastSerialHint(values)}>
        <Input
          value={values.serialLast}
          maxLength={12}
          autoComplete="off"
          fontFamily="mono"
          placeholder="ZB-0100600"
          onChange={(event) => change('serialLast', event.currentTarget.value)}
        />
      </FormField>
      <FormField label="Note" error={errors.note}>
        <Textarea
          value={values.note}
          maxLength={500}
          rows={2}
          placeholder="Delivery note, batch or purpose"
          onChange={(event) => change('note', event.currentTarget.value)}
        />
      </FormField>
    </RecordFormDialog>
  );
}
