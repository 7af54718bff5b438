/**
 * Import from CSV: the owner picks a file; it is read and checked on this device first
 * (the same rules as the server's, against the fleet this device holds), then sent. All
 * its vehicles are added, or none, and every bad row is listed with its row number.
 * Importing needs a connection; checking a file does not.
 */
import { FLEET_CSV_COLUMNS, FLEET_CSV_TEMPLATE, MAX_IMPORT_ROWS } from '#domain/fleet/fleet-csv-format';
import { Alert, Box, Button, Field, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { importFleet } from './fleet-api';
import { type FleetData, plateFacts, plateHolders } from './fleet-query';

type Step =
  | { kind: 'idle' }
  | { kind: 'working'; label: string; percent: number }
  | { kind: 'refused'; message: string; errors: string[] }
  | { kind: 'ready-offline'; vehicles: number };

/** The browser paints the progress before a long synchronous check starts. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Files larger than this cannot hold a valid import (10,000 rows) and are refused before reading. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

// The file's checks (with the forms' zod rules) load once the page is idle, or with the first file.
const fileChecks = onDemand(() => import('#domain/fleet/fleet-csv'));

export function ImportDialog({ data, today, onClose }: { data: FleetData; today: string; onClose: () => void }) {
  const isOnline = useOnlineStatus();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const errorsId = useId();
  const isWorking = step.kind === 'working';

  async function run() {
    if (!file) {
      setStep({ kind: 'refused', message: 'Choose a CSV file first.', errors: [] });
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setStep({
        kind: 'refused',
        message: `This file is too large to be a fleet of at most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} vehicles. Split it and import each part.`,
        errors: [],
      });
      return;
    }
    setStep({ kind: 'working', label: `Reading ${file.name}…`, percent: 10 });
    await nextFrame();
    let text: string;
    try {
      text = await file.text();
    } catch {
      setStep({ kind: 'refused', message: 'This file could not be read. Choose it again.', errors: [] });
      return;
    }
    setStep({ kind: 'working', label: 'Checking every row…', percent: 35 });
    await nextFrame();
    const checks = await fileChecks.load().catch(() => null);
    if (!checks) {
      setStep({ kind: 'refused', message: NOT_LOADED, errors: [] });
      return;
    }
    const check = checks.checkFleetCsv(text, {
      today,
      existingChassisNumbers: new Set(
        data.rows.map((row) => row.vehicle.chassisNumber).filter((chassis) => chassis !== ''),
      ),
      plates: plateFacts(data.plates),
      plateHolders: plateHolders(data.rows),
    });
    if (!check.ok) {
      setStep({ kind: 'refused', message: refusedMessage(check.errors.length), errors: check.errors });
      return;
    }
    if (!navigator.onLine) {
      setStep({ kind: 'ready-offline', vehicles: check.vehicles.length });
      return;
    }
    setStep({ kind: 'working', label: `Importing ${count(check.vehicles.length)}…`, percent: 70 });
    const answer = await importFleet(text);
    if (!answer.ok) {
      setStep({
        kind: 'refused',
        message: answer.errors.length > 0 ? refusedMessage(answer.errors.length) : answer.message,
        errors: answer.errors,
      });
      return;
    }
    showToast({
      type: 'success',
      title: `${count(answer.imported)} added to your fleet`,
      description: 'They show here as this device syncs.',
      closable: true,
    });
    onClose();
  }

  return (
    <AppDialog
      title="Import from CSV"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isWorking}>
            Cancel
          </Button>
          <Button colorPalette="brand" loading={isWorking} onClick={() => void run()}>
            {isOnline ? 'Import' : 'Check file'}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm">
          One vehicle per row, under a first row naming the columns{' '}
          <Text as="span" fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
            {FLEET_CSV_COLUMNS.join(', ')}
          </Text>
          . Make, model and colour are required; plate_number must be one of your plates. At most{' '}
          {MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows: all are added, or none.
        </Text>
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={downloadTemplate}>
          Download a template
        </Button>
        {!isOnline && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              This device is offline. You can check a file now; importing it needs a connection.
            </Alert.Description>
          </Alert.Root>
        )}
        <Field.Root>
          <Field.Label>CSV file</Field.Label>
          <input
            type="file"
            accept=".csv,text/csv"
            disabled={isWorking}
            aria-describedby={step.kind === 'refused' ? errorsId : undefined}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setStep({ kind: 'idle' });
            }}
          />
        </Field.Root>
        <Box role="status" aria-live="polite">
          {step.kind === 'working' && (
            <Stack gap="2">
              <Text fontSize="sm">{step.label}</Text>
              <Progress.Root value={step.percent} colorPalette="brand" aria-label="Import progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          )}
          {step.kind === 'ready-offline' && (
            <Text fontSize="sm">
              The file is ready: {count(step.vehicles)}, no problems found. Import it when this device is back online.
            </Text>
          )}
        </Box>
        <Box role="alert" id={errorsId}>
          {step.kind === 'refused' && (
            <Stack gap="2">
              <Heading as="h3" size="sm" color="fg.error">
                {step.message}
              </Heading>
              {step.errors.length > 0 && (
                <Box
                  as="ul"
                  maxH="60"
                  overflowY="auto"
                  borderWidth="1px"
                  borderColor="red.muted"
                  rounded="md"
                  px="4"
                  py="2"
                  fontSize="sm"
                  listStyleType="disc"
                  ps="8"
                  tabIndex={0}
                  aria-label="Rows to correct"
                >
                  {step.errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </Box>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
    </AppDialog>
  );
}

/** Saves the template through the browser's download. */
function downloadTemplate(): void {
  const url = URL.createObjectURL(new Blob([FLEET_CSV_TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'nambala-fleet-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const count = (vehicles: number) => `${vehicles.toLocaleString('en-GB')} ${vehicles === 1 ? 'vehicle' : 'vehicles'}`;
const refusedMessage = (rows: number) =>
  rows === 1
    ? 'One problem to correct. Nothing was imported.'
    : `${rows.toLocaleString('en-GB')} problems to correct. Nothing was imported.`;
