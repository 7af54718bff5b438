/**
 * Moving an order on from the order itself: Ready for Collection, then Collected. Each step
 * brings the plate's one manufacturing record up to date through the one write path (offline
 * too); Collected fulfils the order once it has synced. A plate not yet recorded needs its
 * batch number and the serials of its two blanks first, since the record carries them (a
 * record made before serials were kept asks for the serials alone).
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
  const [serials, setSerials] = useState({ frontSerial: '', rearSerial: '' });
  const [errors, setErrors] = useState<Partial<Record<'batchNumber' | 'frontSerial' | 'rearSerial' | 'form', string>>>(
    {},
  );
  const [busy, setBusy] = useState<ManufacturingStatus | null>(null);

  if (order.status !== 'Pending' || record === undefined) return null;

  async function moveTo(status: ManufacturingStatus) {
    const blanks = record?.frontSerial ? { frontSerial: record.frontSerial, rearSerial: record.rearSerial } : serials;
    const input = record
      ? {
          id: record.id,
          plateNumber: record.plateNumber,
          status,
          batchNumber: record.batchNumber,
          productionDate: record.productionDate,
          notes: record.notes,
          ...blanks,
        }
      : {
          id: newId(),
          plateNumber: order.plateNumber,
          status,
          batchNumber,
          productionDate: today,
          notes: '',
          ...blanks,
        };
    const checked = await checkWithRules(
      agentRecordRules.load().then((rules) => rules.manufacturingRecordSchema(today)),
      input,
    );
    if (!checked) return setErrors({ form: NOT_LOADED });
    if (!checked.ok) {
      const { batchNumber: batchError, frontSerial, rearSerial } = checked.errors as Partial<Record<string, string>>;
      setErrors({
        batchNumber: batchError,
        frontSerial,
        rearSerial,
        form:
          batchError || frontSerial || rearSerial
            ? undefined
            : (Object.values(checked.errors)[0] ?? 'Check the details'),
      });
      return;
    }
    setBusy(status);
    setErrors({});
    const refused = await applyChange(
      recordMutation('recordManufacturing', 'manufacturingRecords', checked.value),
      `Plate ${order.plateNumber}: ${status}`,
    );
    setBusy(null);
    setErrors(refused ? { form: refused } : {});
  }
  const needsSerials = !record?.frontSerial;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h3" id={headingId} size="sm">
        Move this order on
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {record ? (
          <>
            Manufacturing status: <ManufacturingStatusBadge status={record.status} />{' '}
            <SyncStateBadge state={record.syncState} />
          </>
        ) : (
          'This plate has no manufacturing record yet: give its batch number and the serials of its blanks to start one.'
        )}
      </Text>
      {!record && (
        <FormField label="Batch Number" error={errors.batchNumber} required>
          <Input
            value={batchNumber}
            maxLength={40}
            autoComplete="off"
            placeholder="B-2611-01"
            onChange={(event) => setBatchNumber(event.currentTarget.value)}
          />
        </FormField>
      )}
      {needsSerials && (
        <HStack gap="3" align="flex-start" flexWrap="wrap">
          <FormField label="Front blank serial" error={errors.frontSerial} required>
            <Input
              value={serials.frontSerial}
              maxLength={12}
              autoComplete="off"
              fontFamily="mono"
              placeholder="ZB-0001234"
              onChange={(event) => setSerials({ ...serials, frontSerial: event.currentTarget.value })}
            />
          </FormField>
          <FormField label="Rear blank serial" error={errors.rearSerial} required>
            <Input
              value={serials.rearSerial}
              maxLength={12}
              autoComplete="off"
              fontFamily="mono"
              placeholder="ZB-0001235"
              onChange={(event) => setSerials({ ...serials, rearSerial: event.currentTarget.value })}
            />
          </FormField>
        </HStack>
      )}
      {errors.form && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {errors.form}
        </Text>
      )}
      <HStack gap="2" flexWrap="wrap">
        {NEXT_STEPS.map((status) => (
          <Button
            key={status}
            size="sm"
            colorPalette="brand"
            variant={status === 'Collected' ? 'solid' : 'outline'}
            loading={busy === status}
            disabled={busy !== null || record?.status === status}
            onClick={() => void moveTo(status)}
          >
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
