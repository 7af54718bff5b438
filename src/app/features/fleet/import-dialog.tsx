/**
 * Import from CSV: the owner picks a file; it is read and checked on this device first
 * (the same rules as the server's, against the fleet this device holds), then sent. A row
 * with a vehicle's chassis number or plate is that vehicle, so a file imported again adds
 * nothing twice. Every bad row is listed with its row number and can be downloaded to
 * correct; the good rows go in without them only once the owner says so. The import ends
 * with what it did ("412 vehicles added, 3 updated"), and the vehicles are on the table at
 * once. Importing needs a connection; checking a file does not.
 */
import { FLEET_CSV_COLUMNS, FLEET_CSV_TEMPLATE, MAX_IMPORT_ROWS } from '#domain/fleet/fleet-csv-format';
import { Alert, Box, Button, Field, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { importFleet, importSummary } from './fleet-api';

type ImportSummary = Parameters<typeof importSummary>[0];
import { type FleetData, plateFacts, plateHolders } from './fleet-query';

type Step =
  | { kind: 'idle' }
  | { kind: 'working'; label: string; percent: number }
  /** `goodRows` > 0: the good rows may go in without the bad ones, once the owner confirms. */
  | { kind: 'refused'; message: string; errors: string[]; goodRows?: number; text?: string }
  | { kind: 'ready-offline'; vehicles: number }
  | { kind: 'done'; summary: ImportSummary; text: string };

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
  const fileId = useId();
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
      vehicles: data.rows.map(({ id, vehicle }) => ({
        id,
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
        colour: vehicle.colour,
        chassisNumber: vehicle.chassisNumber,
        plateNumber: vehicle.plateNumber,
      })),
      plates: plateFacts(data.plates),
      plateHolders: plateHolders(data.rows),
    });
    if (!check.ok) {
      setStep({ kind: 'refused', message: refusedMessage(check.errors.length), errors: check.errors, goodRows: 0 });
      return;
    }
    const { plan } = check;
    const goodRows = checks.goodRowCount(plan);
    if (plan.errors.length > 0) {
      setStep({
        kind: 'refused',
        message: refusedMessage(plan.errors.length, goodRows),
        errors: plan.errors,
        goodRows,
        text,
      });
      return;
    }
    if (!navigator.onLine) {
      setStep({ kind: 'ready-offline', vehicles: goodRows });
      return;
    }
    await send(text, false, goodRows);
  }

  /** Sends the file; `goodRowsOnly` once the owner has confirmed that the bad rows stay out. */
  async function send(text: string, goodRowsOnly: boolean, rows: number) {
    setStep({ kind: 'working', label: `Importing ${count(rows)}…`, percent: 70 });
    const answer = await importFleet(text, { goodRowsOnly });
    if (!answer.ok) {
      setStep({
        kind: 'refused',
        message: answer.errors.length > 0 ? refusedMessage(answer.errors.length, answer.goodRows) : answer.message,
        errors: answer.errors,
        goodRows: answer.goodRows,
        text,
      });
      return;
    }
    setStep({ kind: 'done', summary: answer, text });
    showToast({ type: 'success', title: importSummary(answer), closable: true });
  }

  const isDone = step.kind === 'done';
  const goodRows = step.kind === 'refused' ? (step.goodRows ?? 0) : 0;
  const mayImportGoodRows = step.kind === 'refused' && goodRows > 0 && step.text !== undefined && isOnline;
  const leftOut = step.kind === 'done' ? step.summary.skipped : step.kind === 'refused' ? step.errors : [];
  const leftOutText = step.kind === 'done' || step.kind === 'refused' ? step.text : undefined;

  return (
    <AppDialog
      title="Import from CSV"
      isOpen
      onClose={onClose}
      footer={
        <>
          {isDone ? (
            <Button colorPalette="brand" onClick={onClose}>
              Close
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={isWorking}>
                Cancel
              </Button>
              {mayImportGoodRows && step.kind === 'refused' && step.text !== undefined ? (
                <Button colorPalette="brand" onClick={() => void send(step.text ?? '', true, goodRows)}>
                  Import the {goodRows.toLocaleString('en-GB')} good {goodRows === 1 ? 'row' : 'rows'}
                </Button>
              ) : (
                <Button colorPalette="brand" loading={isWorking} onClick={() => void run()}>
                  {isOnline ? 'Import' : 'Check file'}
                </Button>
              )}
            </>
          )}
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
          {MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows. A row with the chassis number or plate of a vehicle you have
          already is that vehicle: importing a file again adds nothing twice.
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
          <Field.Label htmlFor={fileId}>CSV file</Field.Label>
          <input
            id={fileId}
            // Named here too: the field's label is tied to its own control id, not to a plain input.
            aria-label="CSV file"
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
          {step.kind === 'done' && (
            <Heading as="h3" size="sm" color="fg.success">
              {importSummary(step.summary)}
            </Heading>
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
          {step.kind === 'done' && leftOut.length > 0 && (
            <Text fontSize="sm">
              {leftOut.length === 1 ? 'One row was' : `${leftOut.length.toLocaleString('en-GB')} rows were`} left out:
              download them, correct them and import that file.
            </Text>
          )}
          {leftOut.length > 0 && leftOutText !== undefined && (
            <Button
              size="xs"
              variant="outline"
              alignSelf="flex-start"
              mt="2"
              onClick={() => void downloadBadRows(leftOutText, leftOut)}
            >
              Download the rows to correct
            </Button>
          )}
        </Box>
      </Stack>
    </AppDialog>
  );
}

/** Saves the template through the browser's download. */
function downloadTemplate(): void {
  download(FLEET_CSV_TEMPLATE, 'nambala-fleet-template.csv');
}

/** The bad rows as the file had them, each with its problem in a last column, to correct and import. */
async function downloadBadRows(text: string, errors: readonly string[]): Promise<void> {
  const [checks, writer] = await Promise.all([fileChecks.load(), import('#domain/csv/csv-writer')]);
  const read = checks.runToEnd(checks.readFleetCsv(text));
  if (!read.ok) return;
  const badRows = errors.map((error) => Number(/^Row (\d+):/.exec(error)?.[1] ?? 0));
  download(
    writer.csvText(checks.badRowsCsv(read, { errors: [...errors], badRows })),
    'nambala-fleet-rows-to-correct.csv',
  );
}

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const count = (vehicles: number) => `${vehicles.toLocaleString('en-GB')} ${vehicles === 1 ? 'vehicle' : 'vehicles'}`;
/** The bad rows, and what the owner may do about the good ones. */
const refusedMessage = (rows: number, goodRows = 0) => {
  const problems = rows === 1 ? 'One row needs correcting.' : `${rows.toLocaleString('en-GB')} rows need correcting.`;
  return goodRows > 0
    ? `${problems} Nothing was imported yet: the other ${count(goodRows)} can be imported without ${rows === 1 ? 'it' : 'them'}.`
    : `${problems} Nothing was imported.`;
};
