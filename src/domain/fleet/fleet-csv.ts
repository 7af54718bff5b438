// A fleet imported from a CSV file (RFC 4180: quoted values may hold commas, quotes
// written twice and line breaks; a UTF-8 byte-order mark is ignored). The first row names
// the columns. Every bad row gets its own message ("Row 3: Chassis number …"), counting
// rows as a spreadsheet does (the header is row 1). A row is matched to a vehicle already in
// the fleet by its chassis number, else by its plate, so the same file imported twice adds
// nothing twice. The app checks a file with this before sending it and the server again
// before storing it. docs/fleet.md shows the columns with an example.
import type { OwnerPlateFacts, PlateHolder, VehicleDetails } from './fleet-input';
import { plateFitProblem, vehicleDetailsSchema } from './fleet-input';

import { FLEET_CSV_COLUMNS, MAX_IMPORT_ROWS, maxImportLines } from './fleet-csv-format';

export * from './fleet-csv-format';

const REQUIRED_COLUMNS = ['make', 'model', 'colour'] as const;

type Field = keyof VehicleDetails;
const FIELD_OF_COLUMN: Record<(typeof FLEET_CSV_COLUMNS)[number], Field> = {
  make: 'make',
  model: 'model',
  year: 'year',
  colour: 'colour',
  chassis_number: 'chassisNumber',
  plate_number: 'plateNumber',
};
/** Other names a spreadsheet may give a column, compared without case, spaces, hyphens or underscores. */
const ALIASES: Record<string, (typeof FLEET_CSV_COLUMNS)[number]> = {
  make: 'make',
  model: 'model',
  year: 'year',
  colour: 'colour',
  color: 'colour',
  chassisnumber: 'chassis_number',
  chassis: 'chassis_number',
  vin: 'chassis_number',
  platenumber: 'plate_number',
  plate: 'plate_number',
};

export interface CsvRecord {
  fields: string[];
  /** What is wrong with how the record is written (a quote not closed, say); undefined when nothing. */
  problem?: string;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * The records of a CSV text, one at a time and in order, each with the values as written
 * (quotes removed). A final line break adds no record. One at a time, so a reader can stop
 * at a limit without building the rest: a file of millions of empty lines costs nothing
 * past the point where it is refused. `separator` is the comma, or the semicolon some
 * spreadsheets write.
 */
export function* csvRecords(text: string, separator: ',' | ';' = ','): Generator<CsvRecord, void, undefined> {
  const SEPARATOR = separator.charCodeAt(0);
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (i >= n) return;
  const isEnd = (code: number) => code === SEPARATOR || code === LF || code === CR;
  for (;;) {
    const fields: string[] = [];
    let problem: string | undefined;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        i += 1;
        value = '';
        let from = i;
        let isClosed = false;
        while (i < n) {
          if (text.charCodeAt(i) === QUOTE) {
            if (text.charCodeAt(i + 1) === QUOTE) {
              value += text.slice(from, i + 1);
              i += 2;
              from = i;
              continue;
            }
            value += text.slice(from, i);
            i += 1;
            isClosed = true;
            break;
          }
          i += 1;
        }
        if (!isClosed) {
          value += text.slice(from, i);
          problem ??=
            'a quoted value is not closed (its closing " is missing), so the rest of the file is read as one value';
        } else if (i < n && !isEnd(text.charCodeAt(i))) {
          problem ??= 'a quoted value must end where the value ends, just before a comma or the end of the line';
          const start = i;
          while (i < n && !isEnd(text.charCodeAt(i))) i += 1;
          value += text.slice(start, i);
        }
      } else {
        const start = i;
        while (i < n && !isEnd(text.charCodeAt(i))) {
          if (text.charCodeAt(i) === QUOTE)
            problem ??= 'a " inside a value needs the whole value in quotes and the " written twice ("")';
          i += 1;
        }
        value = text.slice(start, i);
      }
      fields.push(value);
      if (i < n && text.charCodeAt(i) === SEPARATOR) {
        i += 1;
        continue;
      }
      break;
    }
    yield problem === undefined ? { fields } : { fields, problem };
    if (i >= n) return;
    i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    if (i >= n) return;
  }
}

/** The records of a CSV text, in order (csvRecords, all at once). */
export function parseCsv(text: string, { separator = ',' }: { separator?: ',' | ';' } = {}): CsvRecord[] {
  return [...csvRecords(text, separator)];
}

/** What the owner's fleet already holds, for the checks a row is compared against. */
export interface FleetImportContext {
  /** YYYY-MM-DD: a year after next year is refused. */
  today: string;
  /** The vehicles already in the owner's fleet: a row with one's chassis number (or plate) is that vehicle. */
  vehicles: readonly FleetVehicle[];
  /** The owner's plates, by plate number. */
  plates: ReadonlyMap<string, OwnerPlateFacts>;
  /** The vehicle each of the owner's plates is on now, by plate number. */
  plateHolders: ReadonlyMap<string, PlateHolder>;
}

/** A vehicle of the fleet, as a row is compared with it. */
export type FleetVehicle = VehicleDetails & { id: string };

/** What importing a file's rows would do to the fleet, and which rows cannot be imported. */
export interface FleetImportPlan {
  /** New vehicles, in file order. */
  added: VehicleDetails[];
  /** Vehicles of the fleet whose details the file changes (a cell left blank keeps what is stored). */
  updated: FleetVehicle[];
  /** Rows that match a vehicle of the fleet exactly. */
  unchanged: number;
  /** One message per bad row, in file order ("Row 3: …."). */
  errors: string[];
  /** The bad rows' numbers, as a spreadsheet counts them. */
  badRows: number[];
}

/** The file itself could not be read (its header, its size, a NUL character); or what its rows would do. */
export type FleetImportCheck = { ok: true; plan: FleetImportPlan } | { ok: false; errors: string[] };

const isBlankRecord = (record: CsvRecord) =>
  record.problem === undefined && record.fields.every((field) => field.trim() === '');
const columnList = FLEET_CSV_COLUMNS.join(', ');
const count = (value: number) => value.toLocaleString('en-GB');

/** The columns the header names, in order; or the problems with it. */
function readHeader(fields: readonly string[]): { columns: Field[] } | { errors: string[] } {
  const errors: string[] = [];
  const columns: Field[] = [];
  const seen = new Set<string>();
  fields.forEach((raw, index) => {
    const name =
      ALIASES[
        raw
          .trim()
          .toLowerCase()
          .replace(/[\s_-]+/g, '')
      ];
    if (name === undefined) {
      errors.push(
        `Row 1: column ${index + 1} ('${raw.trim()}') is not one Nambala reads. The columns are ${columnList}.`,
      );
      return;
    }
    if (seen.has(name)) errors.push(`Row 1: the column ${name} appears twice.`);
    seen.add(name);
    columns.push(FIELD_OF_COLUMN[name]);
  });
  for (const required of REQUIRED_COLUMNS)
    if (!seen.has(required)) errors.push(`Row 1: the column ${required} is missing. The columns are ${columnList}.`);
  return errors.length > 0 ? { errors } : { columns };
}

/** A file's header and its rows that are not blank, numbered as a spreadsheet numbers them. */
export interface FleetCsvRows {
  ok: true;
  columns: Field[];
  rows: Array<{ row: number; record: CsvRecord }>;
}

/** How many records a reading step covers before it gives a caller the chance to let other work run. */
const RECORDS_PER_STEP = 1024;
/** Rows a checking step covers (each goes through the form's zod rules). */
const ROWS_PER_STEP = 100;

/**
 * Reads a fleet file's header and rows, stopping at the first row past `maxRows` vehicles
 * (or past twice as many lines, blank ones included: a spreadsheet leaves a few empty rows,
 * never millions). It yields every few thousand records: a server runs it a step at a time
 * (`runInSteps`) so that a large file never holds its event loop for long; `checkFleetCsv`
 * runs it straight through.
 */
export function* readFleetCsv(
  text: string,
  maxRows = MAX_IMPORT_ROWS,
): Generator<undefined, FleetCsvRows | { ok: false; errors: string[] }, undefined> {
  if (text.includes('\u0000'))
    return {
      ok: false,
      errors: [
        'This file is not CSV text (it holds a NUL character). Save it from your spreadsheet as CSV UTF-8 and try again.',
      ],
    };
  const maxLines = maxImportLines(maxRows);
  let line = 0;
  let columns: Field[] | undefined;
  const rows: Array<{ row: number; record: CsvRecord }> = [];
  for (const record of csvRecords(text)) {
    line += 1;
    if (line % RECORDS_PER_STEP === 0) yield;
    if (line > maxLines) {
      return {
        ok: false,
        errors: [
          `The file has more than ${count(maxLines)} lines; import at most ${count(maxRows)} vehicles at a time (split the file, and delete its empty rows).`,
        ],
      };
    }
    if (isBlankRecord(record)) continue;
    if (columns === undefined) {
      if (record.problem) return { ok: false, errors: [`Row ${line}: ${record.problem}.`] };
      const read = readHeader(record.fields);
      if ('errors' in read) return { ok: false, errors: read.errors };
      columns = read.columns;
      continue;
    }
    rows.push({ row: line, record });
    if (rows.length > maxRows)
      return {
        ok: false,
        errors: [
          `The file has more than ${count(maxRows)} vehicles; import at most ${count(maxRows)} at a time (split the file).`,
        ],
      };
  }
  if (columns === undefined)
    return { ok: false, errors: [`The file is empty. Its first row must name the columns: ${columnList}.`] };
  if (rows.length === 0) return { ok: false, errors: ['The file names its columns but has no vehicles under them.'] };
  return { ok: true, columns, rows };
}

/** A row read against the form's rules: its problems so far, and its vehicle when its values are valid. */
export interface FleetRowValues {
  row: number;
  problems: string[];
  vehicle?: VehicleDetails;
}

/**
 * Checks every row's values with the same rules as Add Vehicle (no fleet needed: a server
 * runs this before it locks the owner's fleet). Yields every few hundred rows, as
 * readFleetCsv does.
 */
export function* checkFleetRowValues(
  { columns, rows }: FleetCsvRows,
  today: string,
): Generator<undefined, FleetRowValues[], undefined> {
  const schema = vehicleDetailsSchema(today);
  const checked: FleetRowValues[] = [];
  for (const { row, record } of rows) {
    if (checked.length % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const problems: string[] = [];
    if (record.problem) problems.push(record.problem);
    else if (record.fields.length !== columns.length) {
      problems.push(
        `has ${record.fields.length} ${record.fields.length === 1 ? 'value' : 'values'}, but the header names ${columns.length} columns`,
      );
    } else {
      const input: Partial<Record<Field, string>> = {};
      for (const [index, field] of columns.entries()) input[field] = record.fields[index];
      const parsed = schema.safeParse(input);
      if (parsed.success) {
        checked.push({ row, problems, vehicle: parsed.data });
        continue;
      }
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (!seen.has(field)) problems.push(issue.message);
        seen.add(field);
      }
    }
    checked.push({ row, problems });
  }
  return checked;
}

const sameDetails = (a: VehicleDetails, b: VehicleDetails) =>
  a.make === b.make &&
  a.model === b.model &&
  a.year === b.year &&
  a.colour === b.colour &&
  a.chassisNumber === b.chassisNumber &&
  a.plateNumber === b.plateNumber;

/**
 * Checks rows whose values are read against the owner's fleet, and plans what each does. A row is
 * the fleet's vehicle with its chassis number; failing that (no chassis number in the row, or one
 * the fleet does not hold on a vehicle with none), the vehicle carrying its plate; otherwise a new
 * vehicle. A matched row changes the vehicle only where its cells are filled in; the same details
 * again leave it unchanged. A chassis number, plate or vehicle used twice in the file, and a plate
 * that is not the owner's or is on another vehicle, make the row bad. Map look-ups only, in steps
 * of ROWS_PER_STEP rows (as checkFleetRowValues), so 10,000 rows never hold the event loop at once.
 */
export function* checkFleetRowsAgainst(
  checked: readonly FleetRowValues[],
  context: FleetImportContext,
): Generator<undefined, FleetImportPlan, undefined> {
  const plan: FleetImportPlan = { added: [], updated: [], unchanged: 0, errors: [], badRows: [] };
  const byChassis = new Map<string, FleetVehicle>();
  const byPlate = new Map<string, FleetVehicle>();
  for (const vehicle of context.vehicles) {
    if (vehicle.chassisNumber !== '') byChassis.set(vehicle.chassisNumber, vehicle);
    if (vehicle.plateNumber !== null) byPlate.set(vehicle.plateNumber, vehicle);
  }
  const chassisRow = new Map<string, number>();
  const plateRow = new Map<string, number>();
  const vehicleRow = new Map<string, number>();
  for (const [index, { row, problems: valueProblems, vehicle }] of checked.entries()) {
    if (index % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const problems = [...valueProblems];
    let match: FleetVehicle | undefined;
    let details: VehicleDetails | undefined;
    if (vehicle) {
      const held = vehicle.plateNumber === null ? undefined : byPlate.get(vehicle.plateNumber);
      match =
        (vehicle.chassisNumber === '' ? undefined : byChassis.get(vehicle.chassisNumber)) ??
        (held && (vehicle.chassisNumber === '' || held.chassisNumber === '') ? held : undefined);
      details = match
        ? {
            ...vehicle,
            year: vehicle.year ?? match.year,
            chassisNumber: vehicle.chassisNumber === '' ? match.chassisNumber : vehicle.chassisNumber,
            plateNumber: vehicle.plateNumber ?? match.plateNumber,
          }
        : vehicle;
      const chassisEarlier = vehicle.chassisNumber === '' ? undefined : chassisRow.get(vehicle.chassisNumber);
      if (chassisEarlier !== undefined)
        problems.push(`Chassis number ${vehicle.chassisNumber} is also on row ${chassisEarlier}`);
      else if (vehicle.chassisNumber !== '') chassisRow.set(vehicle.chassisNumber, row);
      // The same vehicle of the fleet twice, found by its plate one time (the chassis number is said above).
      const vehicleEarlier = match ? vehicleRow.get(match.id) : undefined;
      if (vehicleEarlier !== undefined && chassisEarlier === undefined)
        problems.push(`This is the same vehicle as row ${vehicleEarlier}`);
      else if (match && vehicleEarlier === undefined) vehicleRow.set(match.id, row);
      if (vehicle.plateNumber !== null) {
        const earlier = plateRow.get(vehicle.plateNumber);
        if (earlier !== undefined) problems.push(`Plate ${vehicle.plateNumber} is also on row ${earlier}`);
        else {
          plateRow.set(vehicle.plateNumber, row);
          const problem = plateFitProblem({
            plateNumber: vehicle.plateNumber,
            vehicleId: match?.id ?? null,
            chassisNumber: details.chassisNumber,
            plate: context.plates.get(vehicle.plateNumber),
            holder: context.plateHolders.get(vehicle.plateNumber),
          });
          if (problem) problems.push(problem.replace(/\.$/, ''));
        }
      }
    }
    if (problems.length > 0 || !details) {
      plan.errors.push(`Row ${row}: ${problems.map((problem) => problem.replace(/\.$/, '')).join('; ')}.`);
      plan.badRows.push(row);
    } else if (!match) plan.added.push(details);
    else if (sameDetails(details, match)) plan.unchanged += 1;
    else plan.updated.push({ ...details, id: match.id });
  }
  return plan;
}

/** How many rows of a plan can be imported (added, updated or already as the file has them). */
export function goodRowCount(plan: FleetImportPlan): number {
  return plan.added.length + plan.updated.length + plan.unchanged;
}

/**
 * The bad rows of a file, to correct and import again: the header, then each bad row as it was
 * written, with its problem in a last column. Rows whose quotes were broken keep their values as read.
 */
export function badRowsCsv(read: FleetCsvRows, plan: Pick<FleetImportPlan, 'errors' | 'badRows'>): string[][] {
  const problemOf = new Map(plan.badRows.map((row, index) => [row, plan.errors[index] ?? '']));
  const columnOf = Object.fromEntries(
    Object.entries(FIELD_OF_COLUMN).map(([column, field]) => [field, column]),
  ) as Record<Field, string>;
  const rows: string[][] = [[...read.columns.map((field) => columnOf[field]), 'problem']];
  for (const { row, record } of read.rows) {
    const problem = problemOf.get(row);
    if (problem === undefined) continue;
    const values = read.columns.map((_, index) => record.fields[index] ?? '');
    rows.push([...values, problem.replace(/^Row \d+: /, `Row ${row}: `)]);
  }
  return rows;
}

/** Runs a stepped check to its end at once: the app checks a file this way before sending it. */
export function runToEnd<T>(steps: Generator<undefined, T, undefined>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Checks a fleet file: its header and rows (readFleetCsv), every row's values
 * (checkFleetRowValues), then the rows against the fleet (checkFleetRowsAgainst).
 * What the file would do, or why it cannot be read at all.
 */
export function checkFleetCsv(text: string, context: FleetImportContext, maxRows = MAX_IMPORT_ROWS): FleetImportCheck {
  const read = runToEnd(readFleetCsv(text, maxRows));
  return read.ok
    ? { ok: true, plan: runToEnd(checkFleetRowsAgainst(runToEnd(checkFleetRowValues(read, context.today)), context)) }
    : read;
}
