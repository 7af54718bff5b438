import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText } from '#domain/csv/csv-writer';
import {
  badRowsCsv,
  checkFleetCsv,
  FLEET_CSV_TEMPLATE,
  type FleetImportContext,
  type FleetImportPlan,
  goodRowCount,
  parseCsv,
  readFleetCsv,
  runToEnd,
} from '#domain/fleet/fleet-csv';

const context = (overrides: Partial<FleetImportContext> = {}): FleetImportContext => ({
  today: '2026-11-24',
  vehicles: [],
  plates: new Map(),
  plateHolders: new Map(),
  ...overrides,
});

describe('parseCsv', () => {
  it('reads quoted values with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\r\nlines"\r\nx,,z\n').map((record) => record.fields)).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\r\nlines'],
      ['x', '', 'z'],
    ]);
  });

  it('ignores a byte-order mark and a final line break, and accepts LF, CRLF and CR line ends', () => {
    expect(parseCsv('\uFEFFa,b\nc,d\r\ne,f\rg,h').map((record) => record.fields)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });

  it('says when a quote is misplaced or never closed', () => {
    expect(parseCsv('a"b,c')[0]?.problem).toMatch(/needs the whole value in quotes/);
    expect(parseCsv('"ab"c,d')[0]?.problem).toMatch(/quoted value must end where the value ends/);
    expect(parseCsv('a,"open\nnext,row')).toEqual([
      { fields: ['a', 'open\nnext,row'], problem: expect.stringMatching(/is not closed/) },
    ]);
  });

  it('reads back what the CSV writer wrote, whatever the values', () => {
    // Values a spreadsheet could read as a formula are written with a leading quote mark, so they are left out here.
    const value = fc
      .string({ unit: fc.constantFrom('a', 'Z', '1', ' ', ',', '"', '\n', '\r', 'é', 'ŋ') })
      .filter((text) => !/^[=+\-@\t\r]/.test(text));
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }), (rows) => {
        const parsed = parseCsv(csvText(rows));
        return (
          JSON.stringify(parsed.map((record) => record.fields)) === JSON.stringify(rows) &&
          parsed.every((record) => record.problem === undefined)
        );
      }),
    );
  });
});

const plan = (overrides: Partial<FleetImportPlan>): FleetImportPlan => ({
  added: [],
  updated: [],
  unchanged: 0,
  errors: [],
  badRows: [],
  ...overrides,
});

const vehicle = (overrides: Partial<FleetImportContext['vehicles'][number]>) => ({
  id: 'v1',
  make: 'Toyota',
  model: 'Hilux',
  year: 2019,
  colour: 'White',
  chassisNumber: '',
  plateNumber: null,
  ...overrides,
});

describe('importing the same fleet again', () => {
  const plates = new Map([['ZM-001-ABC', { plateNumber: 'ZM-001-ABC', registeredChassis: null }]]);
  const fleet = context({
    vehicles: [
      vehicle({ id: 'v1', chassisNumber: 'AHTFR22G906012345' }),
      vehicle({ id: 'v2', make: 'Isuzu', model: 'D-Max', year: null, colour: 'Red', plateNumber: 'ZM-001-ABC' }),
    ],
    plates,
    plateHolders: new Map([['ZM-001-ABC', { vehicleId: 'v2', label: 'Red Isuzu D-Max' }]]),
  });

  it('matches a row by its chassis number, else by its plate, and adds nothing twice', () => {
    const check = checkFleetCsv(
      'make,model,year,colour,chassis_number,plate_number\nToyota,Hilux,2019,White,ahtfr22g906012345,\nIsuzu,D-Max,,Red,,ZM-001-ABC\n',
      fleet,
    );
    expect(check).toEqual({ ok: true, plan: plan({ unchanged: 2 }) });
  });

  it('changes a matched vehicle where the row differs, keeping what a blank cell leaves out', () => {
    const check = checkFleetCsv(
      'make,model,year,colour,chassis_number,plate_number\nToyota,Hilux,,Silver,AHTFR22G906012345,\nIsuzu,D-Max,2021,Red,FR12345,ZM-001-ABC\nMazda,BT-50,,Blue,,\n',
      fleet,
    );
    expect(check).toEqual({
      ok: true,
      plan: plan({
        added: [{ make: 'Mazda', model: 'BT-50', year: null, colour: 'Blue', chassisNumber: '', plateNumber: null }],
        updated: [
          vehicle({ id: 'v1', colour: 'Silver', chassisNumber: 'AHTFR22G906012345' }),
          vehicle({
            id: 'v2',
            make: 'Isuzu',
            model: 'D-Max',
            year: 2021,
            colour: 'Red',
            chassisNumber: 'FR12345',
            plateNumber: 'ZM-001-ABC',
          }),
        ],
      }),
    });
  });

  it('refuses one vehicle of the fleet on two rows', () => {
    const check = checkFleetCsv(
      'make,model,colour,chassis_number,plate_number\nIsuzu,D-Max,Red,,ZM-001-ABC\nIsuzu,D-Max,Red,,zm-001-abc\n',
      fleet,
    );
    expect(check.ok && check.plan.errors).toEqual([
      'Row 3: This is the same vehicle as row 2; Plate ZM-001-ABC is also on row 2.',
    ]);
  });
});

describe('a file with bad rows', () => {
  const text = 'Make,Model,Colour,VIN\nToyota,Hilux,White,\n,Corolla,"Blue, dark",\nIsuzu,D-Max,Red,AB12\n';

  it('counts its good rows and writes the bad ones, as written, with their problems, to correct', () => {
    const read = runToEnd(readFleetCsv(text));
    const check = checkFleetCsv(text, context());
    if (!read.ok || !check.ok) throw new Error('the file should read');
    expect(goodRowCount(check.plan)).toBe(1);
    expect(badRowsCsv(read, check.plan)).toEqual([
      ['make', 'model', 'colour', 'chassis_number', 'problem'],
      ['', 'Corolla', 'Blue, dark', '', 'Row 3: Make is required.'],
      [
        'Isuzu',
        'D-Max',
        'Red',
        'AB12',
        'Row 4: Chassis number must be a 17-character VIN, or a frame number of 5 to 14 characters.',
      ],
    ]);
  });
});

describe('checkFleetCsv', () => {
  it('gives the vehicles of a good file, in order, under any spelling of the column names', () => {
    const check = checkFleetCsv(
      'Colour,MAKE,model,Year,VIN,plate\nWhite,Toyota,Hilux,2019,ahtfr22g906012345,\nRed,Isuzu,D-Max,,,\n',
      context(),
    );
    expect(check).toEqual({
      ok: true,
      plan: plan({
        added: [
          {
            make: 'Toyota',
            model: 'Hilux',
            year: 2019,
            colour: 'White',
            chassisNumber: 'AHTFR22G906012345',
            plateNumber: null,
          },
          { make: 'Isuzu', model: 'D-Max', year: null, colour: 'Red', chassisNumber: '', plateNumber: null },
        ],
      }),
    });
  });

  it('skips blank lines and counts rows as a spreadsheet does', () => {
    const check = checkFleetCsv('make,model,colour\n\nToyota,Hilux,White\n,,\n"Isuzu\nD",,Red\n', context());
    expect(check.ok && check.plan.errors).toEqual(['Row 5: Model is required.']);
    expect(check.ok && check.plan.badRows).toEqual([5]);
  });

  it('reads its own template', () => {
    expect(checkFleetCsv(FLEET_CSV_TEMPLATE, context()).ok).toBe(true);
  });

  it('refuses duplicates within the file, by chassis number and by plate, and a plate on another vehicle', () => {
    const check = checkFleetCsv(
      'make,model,colour,chassis_number,plate_number\nA,B,C,FR12345,ZM-001-ABC\nA,B,C,fr12345,\nA,B,C,KZJ950012345,zm-001-abc\nA,B,C,JTD12345,ZM-002-ABC\n',
      context({
        vehicles: [
          vehicle({ id: 'v1', chassisNumber: 'KZJ950012345' }),
          vehicle({ id: 'v9', chassisNumber: 'NOTE1234' }),
        ],
        plates: new Map([
          ['ZM-001-ABC', { plateNumber: 'ZM-001-ABC', registeredChassis: null }],
          ['ZM-002-ABC', { plateNumber: 'ZM-002-ABC', registeredChassis: null }],
        ]),
        plateHolders: new Map([['ZM-002-ABC', { vehicleId: 'v9', label: 'Blue Nissan Note' }]]),
      }),
    );
    expect(check.ok && check.plan.errors).toEqual([
      'Row 3: Chassis number FR12345 is also on row 2.',
      'Row 4: Plate ZM-001-ABC is also on row 2.',
      'Row 5: Plate ZM-002-ABC is already on your Blue Nissan Note. Take it off that vehicle first.',
    ]);
  });

  it('names every problem of a row once, field by field', () => {
    const check = checkFleetCsv('make,model,year,colour\n,,abc,\n', context());
    expect(check.ok && check.plan.errors).toEqual([
      'Row 2: Make is required; Model is required; Vehicle year must be a year such as 2019; Colour is required.',
    ]);
  });

  it('refuses more rows than the limit before checking any', () => {
    const text = ['make,model,colour', 'A,B,C', 'A,B,C', 'A,B,', 'A,B,C'].join('\n');
    expect(checkFleetCsv(text, context(), 3)).toEqual({
      ok: false,
      errors: ['The file has more than 3 vehicles; import at most 3 at a time (split the file).'],
    });
  });

  it('names a header problem and stops there', () => {
    expect(checkFleetCsv('make,make,model,colour\n', context())).toEqual({
      ok: false,
      errors: ['Row 1: the column make appears twice.'],
    });
    expect(checkFleetCsv('"make,model\nA,B', context()).ok).toBe(false);
  });

  it('never throws, and names a row for each problem it finds, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('make', 'model', 'colour', 'year', ',', '"', '\n', 'A', '1', ' ', '\r') }),
        (text) => {
          const check = checkFleetCsv(`make,model,colour,year\n${text}`, context());
          return check.ok
            ? check.plan.added.every(
                (vehicle) => vehicle.make !== '' && vehicle.model !== '' && vehicle.colour !== '',
              ) &&
                check.plan.errors.length === check.plan.badRows.length &&
                check.plan.errors.every((error, index) => error.startsWith(`Row ${check.plan.badRows[index]}: `))
            : check.errors.length > 0 && check.errors.every((error) => error.length > 0);
        },
      ),
    );
  });
});
