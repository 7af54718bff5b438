// The fleet CSV file's shape: its columns, its size limit and a template to fill in. Apart
// from the file's checks (fleet-csv.ts, which use the forms' zod rules) so that the
// import dialog can describe the file before those load.
import { csvText } from '../csv/csv-writer';

/** The most vehicles one file may carry. */
export const MAX_IMPORT_ROWS = 10_000;

/** The most lines a file of `maxRows` vehicles may have, empty ones included: a spreadsheet leaves a few empty rows, never millions. */
export const maxImportLines = (maxRows: number) => 2 * maxRows + 1;

export const FLEET_CSV_COLUMNS = ['make', 'model', 'year', 'colour', 'chassis_number', 'plate_number'] as const;
export const FLEET_CSV_HEADER = FLEET_CSV_COLUMNS.join(',');

/** A first line and one example row, for a file the owner fills in. */
export const FLEET_CSV_TEMPLATE = csvText([
  [...FLEET_CSV_COLUMNS],
  ['Toyota', 'Hilux', '2019', 'White', 'AHTFR22G906012345', ''],
]);
