/**
 * Whitebook Entry (spec: agent screens): the sale of a plate and the vehicle it is
 * for, with the entitlement document the sale was checked against; the agent's
 * recent entries below, each with its sync state. Works offline. The agent picks the
 * order (the number, the owner and the reference are filled from it) and types the NRC
 * from the owner's card, which this device checks against the order before the sale is
 * kept; the server checks again (docs/shop-records.md).
 */
import { WHITEBOOK_SUBMITTED } from '#domain/agent/agent-records';
import { formatOrderReferences } from '#domain/orders/order-references';
import { Button, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form-field';
import type { LocalWhitebookEntry } from '../../store/database';
import { formatDay } from '../../components/format-date-time';
import { PageHeader, RecordForm, Section } from '../../components/page-parts';
import { PlateNumberInput } from './plate-number-input';
import { type Column, RecordsTable } from '../../components/records-table';
import { useRecentWhitebookEntries, useShopOrders } from './use-agent-records';
import { orderNamed, saleRefusedOnDevice } from './shop-order-checks';
import { shopOrderSummary } from './shop-order-summary';
import { useAgentRecordForm } from './use-agent-record-form';

const EMPTY = {
  plateNumber: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleColour: '',
  vehicleYear: '',
  chassisNumber: '',
  ownerName: '',
  ownerNrc: '',
  saleDate: '',
  registrationNumber: '',
  entitlementReference: '',
};

const COLUMNS: readonly Column<LocalWhitebookEntry>[] = [
  {
    header: 'Plate Number',
    cell: (entry) => (
      <Text as="span" fontFamily="mono">
        {entry.plateNumber}
      </Text>
    ),
    nowrap: true,
  },
  {
    header: 'Vehicle',
    cell: (entry) => [entry.vehicleColour, entry.vehicleMake, entry.vehicleModel].filter(Boolean).join(' '),
  },
  { header: 'Owner', cell: (entry) => entry.ownerName },
  {
    header: 'Sale Date',
    cell: (entry) => <time dateTime={entry.saleDate}>{formatDay(entry.saleDate)}</time>,
    nowrap: true,
  },
];

function WhitebookForm() {
  const orders = useShopOrders();
  const { values, change, fill, errors, formMessage, fixing, isSubmitting, formRef, today, save, clear } =
    useAgentRecordForm({
      intent: 'recordWhitebookEntry',
      table: 'whitebookEntries',
      schemaFor: (rules, today) => rules.whitebookEntrySchema(today),
      empty: EMPTY,
      submitted: WHITEBOOK_SUBMITTED,
      // Most sales are written up the day they are made.
      defaults: (day) => ({ saleDate: day }),
      refuse: (sale) => saleRefusedOnDevice(orders ?? [], sale),
    });
  const picked = orderNamed(orders ?? [], values.entitlementReference);

  function pick(orderId: string) {
    const order = orderNamed(orders ?? [], orderId);
    if (order) fill({ plateNumber: order.plateNumber, ownerName: order.customerName, entitlementReference: order.id });
    else fill({ entitlementReference: '' });
  }

  // From an order's dialog (Record sale): the form starts from that order.
  const [params, setParams] = useSearchParams();
  const fromOrder = params.get('order');
  useEffect(() => {
    if (!fromOrder || !orders) return;
    pick(fromOrder);
    setParams(
      (current) => {
        current.delete('order');
        return current;
      },
      { replace: true },
    );
    // pick reads the orders of this render; it runs once per order named in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromOrder, orders]);

  return (
    <RecordForm
      headingId="whitebook-form-heading"
      formRef={formRef}
      fixing={fixing}
      formMessage={formMessage}
      busy={isSubmitting}
      onSubmit={() => void save()}
    >
      <FormField
        label="Order"
        error={undefined}
        helperText={
          picked
            ? shopOrderSummary(picked)
            : 'Pick the order the plate was made for: its number, owner and reference fill in. Or type them below.'
        }
      >
        <NativeSelect.Root>
          <NativeSelect.Field value={picked?.id ?? ''} onChange={(event) => pick(event.currentTarget.value)}>
            <option value="">
              {orders === undefined
                ? 'Loading orders…'
                : orders.length === 0
                  ? 'No orders on this device yet'
                  : 'Choose an order'}
            </option>
            {(orders ?? []).map((order) => (
              <option key={order.id} value={order.id}>
                {order.id} · {order.plateNumber} · {order.customerName}
                {order.reference
                  ? ` · ${formatOrderReferences({ reference: order.reference, requestId: order.requestId })}`
                  : ''}
                {order.status === 'Fulfilled' ? ' (fulfilled)' : ''}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Plate Number" error={errors.plateNumber} required>
          <PlateNumberInput value={values.plateNumber} onChange={(value) => change('plateNumber', value)} />
        </FormField>
        <FormField label="Sale Date" error={errors.saleDate} required>
          <Input
            type="date"
            max={today}
            value={values.saleDate}
            onChange={(event) => change('saleDate', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Vehicle Make" error={errors.vehicleMake} required>
          <Input
            value={values.vehicleMake}
            maxLength={60}
            placeholder="Toyota"
            onChange={(event) => change('vehicleMake', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Vehicle Model" error={errors.vehicleModel} required>
          <Input
            value={values.vehicleModel}
            maxLength={60}
            placeholder="Corolla"
            onChange={(event) => change('vehicleModel', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Vehicle Colour" error={errors.vehicleColour} required>
          <Input
            value={values.vehicleColour}
            maxLength={40}
            placeholder="White"
            onChange={(event) => change('vehicleColour', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Vehicle Year" error={errors.vehicleYear} required>
          <Input
            value={values.vehicleYear}
            inputMode="numeric"
            maxLength={4}
            placeholder="2019"
            onChange={(event) => change('vehicleYear', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Chassis Number" error={errors.chassisNumber} required>
          <Input
            value={values.chassisNumber}
            maxLength={17}
            autoComplete="off"
            autoCapitalize="characters"
            fontFamily="mono"
            onChange={(event) => change('chassisNumber', event.currentTarget.value)}
          />
          <Field.HelperText>The 17-character VIN, or the frame number of an older vehicle.</Field.HelperText>
        </FormField>
        <FormField label="Owner Name" error={errors.ownerName} required>
          <Input
            value={values.ownerName}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => change('ownerName', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Owner NRC Number" error={errors.ownerNrc} required>
          <Input
            value={values.ownerNrc}
            maxLength={11}
            autoComplete="off"
            inputMode="numeric"
            placeholder="123456/78/9"
            onChange={(event) => change('ownerNrc', event.currentTarget.value)}
          />
          <Field.HelperText>
            From the owner’s NRC card. It must be the NRC on the order: the plate is registered only to the person it
            was issued to.
          </Field.HelperText>
        </FormField>
        <FormField label="Registration Number" error={errors.registrationNumber} required>
          <Input
            value={values.registrationNumber}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(event) => change('registrationNumber', event.currentTarget.value)}
          />
        </FormField>
        <FormField
          label="Entitlement Document Reference"
          error={errors.entitlementReference}
          required
          helperText="The shop’s order number (ORD-…) or the application reference (LP-…). The sale must be for a number on it."
        >
          <Input
            value={values.entitlementReference}
            maxLength={60}
            autoComplete="off"
            placeholder="ORD-001"
            onChange={(event) => change('entitlementReference', event.currentTarget.value)}
          />
        </FormField>
      </SimpleGrid>
      <Flex gap="3" wrap="wrap">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            clear();
            formRef.current?.querySelector('input')?.focus();
          }}
        >
          New Entry
        </Button>
        <Button type="submit" colorPalette="brand" loading={isSubmitting}>
          Submit Entry
        </Button>
      </Flex>
    </RecordForm>
  );
}

export function WhitebookPage() {
  const entries = useRecentWhitebookEntries();
  return (
    <Stack gap="6">
      <PageHeader title="Whitebook Entry" summary="Register a plate sale and the vehicle’s details." />
      <Section title="Plate Sale and Vehicle" headingId="whitebook-form-heading">
        <WhitebookForm />
      </Section>
      <Section title="Recent Entries" headingId="recent-entries-heading">
        <RecordsTable
          labelledBy="recent-entries-heading"
          rows={entries}
          columns={COLUMNS}
          empty={{ title: 'No entries yet', hint: 'Entries you submit appear here, even when you are offline.' }}
        />
      </Section>
    </Stack>
  );
}
