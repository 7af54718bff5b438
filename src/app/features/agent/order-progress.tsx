/**
 * Moving an order on from the order itself: Ready for Collection, then Collected. Each step
 * brings the plate's one manufacturing record up to date through the one write path (offline
 * too); Collected fulfils the order once it has synced. A plate not yet recorded needs its
 * batch number first, since the record carries it.
 */
import type { ManufacturingStatus } from '#domain/statuses/statuses';
import { Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormField } from '../../components/form-field';
import { NOT_LOADED } from '../../components/loaded-when-open';
import { checkWithRules } from '../../components/form-rules';
import { applyChange } from '../../components/use-change-form';
import { useToday } from '../../components/use-today';
import type { LocalAgentOrder } from '../../store/database';
import { newId } from '../../store/new-id';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { ManufacturingStatusBadge } from './manufacturing-status-badge';
import { agentRecordRules, recordMutation } from './use-agent-record-form';
import { usePlateManufacturingRecord } from './use-agent-records';

/** The steps a shop takes an order through at the counter. */
const NEXT_STEPS: readonly ManufacturingStatus[] = ['Ready for Collection', 'Collected'];

export function OrderProgress({ order }: { order: LocalAgentOrder }) {
  const today = useToday();
  const headingId = useId();
  const record = usePlateManufacturingRecord(order.plateNumber);
  const [batchNumber, setBatchNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ManufacturingStatus | null>(null);

  if (order.status !== 'Pending' || record === undefined) return null;

  async function moveTo(status: ManufacturingStatus) {
    const input = record
      ? { id: record.id, plateNumber: record.plateNumber, status, batchNumber: record.batchNumber, productionDate: record.productionDate, notes: record.notes }
      : { id: newId(), plateNumber: order.plateNumber, status, batchNumber, productionDate: today, notes: '' };
    const checked = await checkWithRules(agentRecordRules.load().then((rules) => rules.manufacturingRecordSchema(today)), input);
    if (!checked) return setError(NOT_LOADED);
    if (!checked.ok) {
      setError(Object.values(checked.errors)[0] ?? 'Check the details');
      return;
    }
    setBusy(status);
    setError(null);
    const refused = await applyChange(recordMutation('recordManufacturing', 'manufacturingRecords', checked.value), `Plate ${order.plateNumber}: ${status}`);
    setBusy(null);
    setError(refused);
  }

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h3" id={headingId} size="sm">
        Move this order on
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {record ? (
          <>
            Manufacturing status: <ManufacturingStatusBadge status={record.status} /> <SyncStateBadge state={record.syncState} />
          </>
        ) : (
          'This plate has no manufacturing record yet: give its batch number to start one.'
        )}
      </Text>
      {!record && (
        <FormField label="Batch Number" error={error ?? undefined} required>
          <Input value={batchNumber} maxLength={40} autoComplete="off" placeholder="B-2611-01" onChange={(event) => setBatchNumber(event.currentTarget.value)} />
        </FormField>
      )}
      {record && error && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
      <HStack gap="2" flexWrap="wrap">
        {NEXT_STEPS.map((status) => (
          <Button key={status} size="sm" colorPalette="brand" variant={status === 'Collected' ? 'solid' : 'outline'} loading={busy === status} disabled={busy !== null || record?.status === status} onClick={() => void moveTo(status)}>
            {`Mark ${status}`}
          </Button>
        ))}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        Collected marks this order fulfilled once the change has synced.
      </Text>
    </Stack>
  );
}
