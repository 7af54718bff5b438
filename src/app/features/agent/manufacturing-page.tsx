/**
 * Manufacturing Details (spec: agent screens): the plate's batch, production date,
 * status and notes; the Manufacturing Status table with a view action for each
 * record. Marking a plate Collected fulfils the shop's order for it once synced.
 * A plate has one record: details for a plate already recorded update its record,
 * and the record's view lists the versions it went through. Each plate names the two
 * blanks it is made on, front and rear, by the serial stamped on them (decision 042).
 */
import { MANUFACTURING_SUBMITTED } from '#domain/agent/agent-records';
import { parsePlateNumber } from '#domain/plates/plate-number';
import { DEFAULT_MANUFACTURING_STATUS, MANUFACTURING_STATUSES } from '#domain/statuses/statuses';
import {
  Button,
  DataList,
  Field,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  IconButton,
} from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { formatDateTime } from '../../components/format-date-time';
import { FormField } from '../../components/form-field';
import { EyeIcon } from '../../components/icons';
import type { LocalManufacturingRecord } from '../../store/database';
import { formatDay } from '../../components/format-date-time';
import { ManufacturingStatusBadge } from './manufacturing-status-badge';
import { PageHeader, RecordForm, Section } from '../../components/page-parts';
import { PlateNumberInput } from './plate-number-input';
import { type Column, RecordsTable } from '../../components/records-table';
import { SyncStateBadge } from '../../components/sync-state-badge';
import {
  usePlateManufacturingRecord,
  useRecentManufacturingRecords,
  useShopBlanks,
  useShopOrders,
} from './use-agent-records';
import { blanksRefusedOnDevice, nextBlanks } from '../../inventory/blank-stock';
import { manufacturingRefusedOnDevice } from './shop-order-checks';
import { manufacturingHistory } from './manufacturing-history';
import { useAgentRecordForm } from './use-agent-record-form';

const EMPTY = {
  plateNumber: '',
  status: DEFAULT_MANUFACTURING_STATUS as string,
  batchNumber: '',
  productionDate: '',
  notes: '',
  frontSerial: '',
  rearSerial: '',
};

const COLUMNS: readonly Column<LocalManufacturingRecord>[] = [
  {
    header: 'Plate Number',
    cell: (record) => (
      <Text as="span" fontFamily="mono">
        {record.plateNumber}
      </Text>
    ),
    nowrap: true,
  },
  { header: 'Batch Number', cell: (record) => record.batchNumber, nowrap: true },
  {
    header: 'Blanks',
    cell: (record) =>
      record.frontSerial ? (
        <Text as="span" fontFamily="mono">{`${record.frontSerial} / ${record.rearSerial}`}</Text>
      ) : (
        'Not recorded'
      ),
    nowrap: true,
  },
  { header: 'Status', cell: (record) => <ManufacturingStatusBadge status={record.status} /> },
  {
    header: 'Production Date',
    cell: (record) => <time dateTime={record.productionDate}>{formatDay(record.productionDate)}</time>,
    nowrap: true,
  },
];

function ManufacturingForm() {
  const orders = useShopOrders();
  const blanks = useShopBlanks();
  const { values, change, fill, errors, formMessage, fixing, isSubmitting, formRef, today, save } = useAgentRecordForm({
    intent: 'recordManufacturing',
    table: 'manufacturingRecords',
    schemaFor: (rules, today) => rules.manufacturingRecordSchema(today),
    empty: EMPTY,
    submitted: MANUFACTURING_SUBMITTED,
    // A plate is made only for a number on one of the shop's orders (the server checks again).
    // and on blanks of the shop's own deliveries, neither used nor spoiled (from what the device holds).
    refuse: (record) =>
      Promise.resolve(
        manufacturingRefusedOnDevice(orders ?? [], record.plateNumber) ??
          (blanks
            ? blanksRefusedOnDevice(
                blanks,
                [
                  { field: 'frontSerial', serial: record.frontSerial },
                  { field: 'rearSerial', serial: record.rearSerial },
                ],
                record.plateNumber,
              )
            : null),
      ),
  });
  // The plate's record, when the shop has one: these details bring it up to date.
  const typedPlate = parsePlateNumber(values.plateNumber);
  const existing = usePlateManufacturingRecord(typedPlate.ok ? typedPlate.value : '');
  const next = blanks ? nextBlanks(blanks) : [];
  // A plate already recorded keeps its blanks: the form takes them from its record.
  if (existing?.frontSerial && values.frontSerial === '' && values.rearSerial === '')
    fill({ frontSerial: existing.frontSerial, rearSerial: existing.rearSerial });

  // A correction of a refused change keeps its own row; otherwise the plate's record is updated.
  return (
    <RecordForm
      headingId="manufacturing-form-heading"
      formRef={formRef}
      fixing={fixing}
      formMessage={formMessage}
      busy={isSubmitting}
      onSubmit={() => void save(fixing ? undefined : (existing?.id ?? undefined))}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label="Plate Number"
          error={errors.plateNumber}
          required
          helperText={
            existing
              ? `Already recorded (${existing.status}, batch ${existing.batchNumber}): submitting updates that record.`
              : undefined
          }
        >
          <PlateNumberInput value={values.plateNumber} onChange={(value) => change('plateNumber', value)} />
        </FormField>
        <FormField label="Status" error={errors.status} required>
          <NativeSelect.Root>
            <NativeSelect.Field value={values.status} onChange={(event) => change('status', event.currentTarget.value)}>
              {MANUFACTURING_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>
            Collected marks the shop’s order for this plate as fulfilled once it has synced.
          </Field.HelperText>
        </FormField>
        <FormField label="Batch Number" error={errors.batchNumber} required>
          <Input
            value={values.batchNumber}
            maxLength={40}
            autoComplete="off"
            placeholder="B-2611-01"
            onChange={(event) => change('batchNumber', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Production Date" error={errors.productionDate} required>
          <Input
            type="date"
            max={today}
            value={values.productionDate}
            onChange={(event) => change('productionDate', event.currentTarget.value)}
          />
        </FormField>
        <FormField
          label="Front blank serial"
          error={errors.frontSerial}
          required
          helperText={
            next.length > 0
              ? `Stamped on the blank. Next on the stack: ${next.join(', ')}`
              : 'Stamped on the blank, e.g. ZB-0001234'
          }
        >
          <Input
            value={values.frontSerial}
            maxLength={12}
            autoComplete="off"
            fontFamily="mono"
            placeholder="ZB-0001234"
            onChange={(event) => change('frontSerial', event.currentTarget.value)}
          />
        </FormField>
        <FormField
          label="Rear blank serial"
          error={errors.rearSerial}
          required
          helperText="The rear plate is a blank of its own, with its own serial."
        >
          <Input
            value={values.rearSerial}
            maxLength={12}
            autoComplete="off"
            fontFamily="mono"
            placeholder="ZB-0001235"
            onChange={(event) => change('rearSerial', event.currentTarget.value)}
          />
        </FormField>
      </SimpleGrid>
      <FormField label="Notes" error={errors.notes}>
        <Textarea
          value={values.notes}
          maxLength={1000}
          rows={3}
          onChange={(event) => change('notes', event.currentTarget.value)}
        />
      </FormField>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
        Submit Details
      </Button>
    </RecordForm>
  );
}

function RecordDialog({ record, onClose }: { record: LocalManufacturingRecord; onClose: () => void }) {
  const history = manufacturingHistory(record);
  const rows: Array<[string, React.ReactNode]> = [
    ['Plate Number', record.plateNumber],
    ['Status', <ManufacturingStatusBadge key="status" status={record.status} />],
    ['Batch Number', record.batchNumber],
    ['Blanks', record.frontSerial ? `front ${record.frontSerial}, rear ${record.rearSerial}` : 'Not recorded'],
    ['Production Date', formatDay(record.productionDate)],
    [
      'Notes',
      record.notes ? (
        <Text key="notes" whiteSpace="pre-wrap">
          {record.notes}
        </Text>
      ) : (
        'No notes'
      ),
    ],
    ['Recorded', formatDateTime(record.createdAt)],
    ...(history.length > 1
      ? ([
          [
            'History',
            <Stack key="history" as="ol" gap="1" listStyle="none" m="0" p="0">
              {history.map((version) => (
                <li key={`${version.recordedAt}-${version.status}`}>
                  <Text as="span" fontSize="sm">
                    {formatDateTime(version.recordedAt)}: {version.status}, batch {version.batchNumber}
                  </Text>
                </li>
              ))}
            </Stack>,
          ],
        ] satisfies Array<[string, React.ReactNode]>)
      : []),
    ...(record.syncState === 'pending' || record.syncState === 'rejected'
      ? ([['Sync', <SyncStateBadge key="sync" state={record.syncState} />]] satisfies Array<[string, React.ReactNode]>)
      : []),
  ];
  return (
    <AppDialog
      title={`Manufacturing Details · ${record.plateNumber}`}
      isOpen
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </AppDialog>
  );
}

export function ManufacturingPage() {
  const records = useRecentManufacturingRecords();
  const [viewedId, setViewedId] = useState<string | null>(null);
  const viewed = records?.find((record) => record.id === viewedId);
  return (
    <Stack gap="6">
      <PageHeader title="Manufacturing Details" />
      <Section title="Upload Plate Manufacturing Details" headingId="manufacturing-form-heading">
        <ManufacturingForm />
      </Section>
      <Section title="Manufacturing Status" headingId="manufacturing-status-heading">
        <RecordsTable
          labelledBy="manufacturing-status-heading"
          rows={records}
          columns={COLUMNS}
          actions={(record) => (
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`View ${record.plateNumber}`}
              onClick={() => setViewedId(record.id)}
            >
              <EyeIcon />
            </IconButton>
          )}
          empty={{
            title: 'No manufacturing records yet',
            hint: 'Details you submit appear here, even when you are offline.',
          }}
        />
      </Section>
      {viewed && <RecordDialog record={viewed} onClose={() => setViewedId(null)} />}
    </Stack>
  );
}
