/**
 * Inventory Tracking (spec: agent screens): plate blanks and raw materials the
 * shop received, by batch, with blanks recorded against the administrator's allocation
 * they were delivered for; the shop's allocations (received so far, and what is left
 * after the plates made), its blanks reconciled by serial with the spoiled-blank form
 * (decision 042), and the Inventory Status table below. Works offline.
 */
import { INVENTORY_SUBMITTED } from '#domain/agent/agent-records';
import { AGENT_INVENTORY_ITEM_TYPES } from '#domain/statuses/statuses';
import { receiptDifferenceText } from '#domain/inventory/inventory-stock';
import { Badge, Button, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormField } from '../../components/form-field';
import type { LocalInventoryItem } from '../../store/database';
import { formatCount } from '../../components/count-format';
import { formatDay } from '../../components/format-date-time';
import { PageHeader, RecordForm, Section } from '../../components/page-parts';
import { type Column, RecordsTable } from '../../components/records-table';
import { useRecentInventoryItems, useShopBlanks } from './use-agent-records';
import { blanksRefusedOnDevice, type ShopBlanks } from '../../inventory/blank-stock';
import { BlankSerialsTable } from '../../inventory/blank-serials-table';
import { shopReconciliation } from '#domain/serials/blank-serial';
import { SPOILED_BLANK_SUBMITTED } from '#domain/serials/serial-schemas';
import { useAgentRecordForm } from './use-agent-record-form';
import { useSession } from '../../session/use-session';
import { useStoreQuery } from '../../store/use-store-query';
import { type AllocationRow, readInventory } from '../../inventory/inventory-data';
import { allocationLabel } from '../../inventory/stock-status-badge';

const EMPTY = { itemType: '', quantity: '', batchNumber: '', receivedDate: '', allocationId: '' };
const EMPTY_SPOILED = { serial: '', reason: '', spoiledDate: '' };

/** "Record a spoiled blank": a blank misprinted, bent or damaged, by its serial and with the reason. */
function SpoiledBlankForm({ blanks }: { blanks: ShopBlanks | undefined }) {
  const { values, change, errors, formMessage, fixing, isSubmitting, formRef, today, save } = useAgentRecordForm({
    intent: 'recordSpoiledBlank',
    table: 'spoiledBlanks',
    schemaFor: (rules, today) => rules.spoiledBlankSchema(today),
    empty: EMPTY_SPOILED,
    submitted: SPOILED_BLANK_SUBMITTED,
    defaults: (today) => ({ spoiledDate: today }),
    // A blank of the shop's own deliveries, not on a plate or spoiled already (the server checks again).
    refuse: (blank) =>
      Promise.resolve(blanks ? blanksRefusedOnDevice(blanks, [{ field: 'serial', serial: blank.serial }]) : null),
  });
  return (
    <RecordForm
      headingId="spoiled-form-heading"
      formRef={formRef}
      fixing={fixing}
      formMessage={formMessage}
      busy={isSubmitting}
      onSubmit={() => void save()}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label="Blank serial"
          error={errors.serial}
          required
          helperText="As stamped on the spoiled blank, e.g. ZB-0001234"
        >
          <Input
            value={values.serial}
            maxLength={12}
            autoComplete="off"
            fontFamily="mono"
            placeholder="ZB-0001234"
            onChange={(event) => change('serial', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Date spoiled" error={errors.spoiledDate} required>
          <Input
            type="date"
            max={today}
            value={values.spoiledDate}
            onChange={(event) => change('spoiledDate', event.currentTarget.value)}
          />
        </FormField>
      </SimpleGrid>
      <FormField label="Reason" error={errors.reason} required>
        <Input
          value={values.reason}
          maxLength={200}
          autoComplete="off"
          placeholder="Misprinted, bent, damaged in delivery…"
          onChange={(event) => change('reason', event.currentTarget.value)}
        />
      </FormField>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
        Record Spoiled Blank
      </Button>
    </RecordForm>
  );
}

const COLUMNS: readonly Column<LocalInventoryItem>[] = [
  {
    header: 'Item Type',
    cell: (item) => (
      <Badge colorPalette={item.itemType === 'Plate Blanks' ? 'blue' : 'gray'} variant="subtle">
        {item.itemType}
      </Badge>
    ),
  },
  { header: 'Quantity', cell: (item) => formatCount(item.quantity), nowrap: true },
  { header: 'Batch Number', cell: (item) => item.batchNumber, nowrap: true },
  {
    header: 'Received Date',
    cell: (item) => <time dateTime={item.receivedDate}>{formatDay(item.receivedDate)}</time>,
    nowrap: true,
  },
];

const ALLOCATION_COLUMNS: readonly Column<AllocationRow>[] = [
  {
    header: 'Allocation',
    cell: (row) => <Text fontFamily="mono">{allocationLabel(row.allocation)}</Text>,
    nowrap: true,
  },
  { header: 'Plate Type', cell: (row) => row.allocation.plateType, nowrap: true },
  { header: 'Allocated', cell: (row) => formatCount(row.allocation.allocatedQuantity), nowrap: true },
  { header: 'Received', cell: (row) => `${formatCount(row.received)} · ${receiptDifferenceText(row)}` },
  { header: 'Left to Make', cell: (row) => formatCount(row.remaining), nowrap: true },
  {
    header: 'Allocated On',
    cell: (row) => <time dateTime={row.allocation.createdAt}>{formatDay(row.allocation.createdAt)}</time>,
    nowrap: true,
  },
];

function InventoryForm({ allocations }: { allocations: readonly AllocationRow[] }) {
  const { values, change, errors, formMessage, fixing, isSubmitting, formRef, today, save } = useAgentRecordForm({
    intent: 'recordInventoryItem',
    table: 'inventoryItems',
    schemaFor: (rules, today) => rules.inventoryItemSchema(today),
    empty: EMPTY,
    submitted: INVENTORY_SUBMITTED,
  });

  return (
    <RecordForm
      headingId="inventory-form-heading"
      formRef={formRef}
      fixing={fixing}
      formMessage={formMessage}
      busy={isSubmitting}
      onSubmit={() => void save()}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Item Type" error={errors.itemType} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              placeholder="Choose an item type"
              value={values.itemType}
              onChange={(event) => change('itemType', event.currentTarget.value)}
            >
              {AGENT_INVENTORY_ITEM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Quantity" error={errors.quantity} required>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={1_000_000}
            step={1}
            value={values.quantity}
            onChange={(event) => change('quantity', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Batch Number" error={errors.batchNumber} required>
          <Input
            value={values.batchNumber}
            maxLength={40}
            autoComplete="off"
            placeholder="BLK-2611"
            onChange={(event) => change('batchNumber', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Received Date" error={errors.receivedDate} required>
          <Input
            type="date"
            max={today}
            value={values.receivedDate}
            onChange={(event) => change('receivedDate', event.currentTarget.value)}
          />
        </FormField>
        {values.itemType === 'Plate Blanks' && allocations.length > 0 && (
          <FormField label="Received Against" error={errors.allocationId}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.allocationId}
                onChange={(event) => change('allocationId', event.currentTarget.value)}
              >
                <option value="">No allocation (stock from elsewhere)</option>
                {allocations.map((row) => (
                  <option key={row.id} value={row.id}>
                    {allocationLabel(row.allocation)} · {row.allocation.plateType} ·{' '}
                    {formatCount(row.allocation.allocatedQuantity)} allocated, {formatCount(row.received)} received
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        )}
      </SimpleGrid>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
        Add Item
      </Button>
    </RecordForm>
  );
}

export function InventoryPage() {
  const items = useRecentInventoryItems();
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const allocations = useStoreQuery((db) => readInventory(db, user?.id), [user?.id])?.rows;
  const blanks = useShopBlanks();
  const reconciliation = blanks && shopReconciliation(blanks.ranges, blanks.uses);
  return (
    <Stack gap="6">
      <PageHeader title="Inventory Tracking" summary="Plate blanks and raw materials received." />
      <Section title="Add Inventory Item" headingId="inventory-form-heading">
        <InventoryForm allocations={allocations ?? []} />
      </Section>
      <Section title="Allocated to Your Shop" headingId="allocations-heading">
        <RecordsTable
          labelledBy="allocations-heading"
          rows={allocations}
          columns={ALLOCATION_COLUMNS}
          empty={{
            title: 'No allocations yet',
            hint: 'Blanks the administrator allocates to your shop appear here. Record them as received when they arrive.',
          }}
        />
      </Section>
      <Section title="Blank Serials" headingId="blank-serials-heading">
        <BlankSerialsTable reconciliation={reconciliation} labelledBy="blank-serials-heading" />
      </Section>
      <Section title="Record a Spoiled Blank" headingId="spoiled-form-heading">
        <SpoiledBlankForm blanks={blanks} />
      </Section>
      <Section title="Inventory Status" headingId="inventory-status-heading">
        <RecordsTable
          labelledBy="inventory-status-heading"
          rows={items}
          columns={COLUMNS}
          empty={{ title: 'No inventory items yet', hint: 'Items you add appear here, even when you are offline.' }}
        />
      </Section>
    </Stack>
  );
}
