import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText } from '#domain/csv/csv-writer';
import { checkFleetCsv, FLEET_CSV_TEMPLATE, type FleetImportContext, parseCsv } from '#domain/fleet/fleet-csv';

const context = (overrides: Partial<FleetImportContext> = {}): FleetImportContext => ({
  today: '2026-11-24',
  existingChassisNumbers: new Set(),
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

describe('checkFleetCsv', () => {
  it('gives the vehicles of a good file, in order, under any spelling of the column names', () => {
    const check = checkFleetCsv(
      'Colour,MAKE,model,Year,VIN,plate\nWhite,Toyota,Hilux,2019,ahtfr22g906012345,\nRed,Isuzu,D-Max,,,\n',
      context(),
    );
    expect(check).toEqual({
      ok: true,
      vehicles: [
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
    });
  });

  it('skips blank lines and counts rows as a spreadsheet does', () => {
    const check = checkFleetCsv('make,model,colour\n\nToyota,Hilux,White\n,,\n"Isuzu\nD",,Red\n', context());
    expect(check).toEqual({ ok: false, errors: ['Row 5: Model is required.'] });
  });

  it('reads its own template', () => {
    expect(checkFleetCsv(FLEET_CSV_TEMPLATE, context()).ok).toBe(true);
  });

  it('refuses duplicates within the file and against the fleet, by chassis number and by plate', () => {
    const check = checkFleetCsv(
      'make,model,colour,chassis_number,plate_number\nA,B,C,FR12345,ZM-001-ABC\nA,B,C,fr12345,\nA,B,C,KZJ950012345,zm-001-abc\nA,B,C,JTD12345,ZM-002-ABC\n',
      context({
        existingChassisNumbers: new Set(['KZJ950012345']),
        plates: new Map([
          ['ZM-001-ABC', { plateNumber: 'ZM-001-ABC', registeredChassis: null }],
          ['ZM-002-ABC', { plateNumber: 'ZM-002-ABC', registeredChassis: null }],
        ]),
        plateHolders: new Map([['ZM-002-ABC', { vehicleId: 'v9', label: 'Blue Nissan Note' }]]),
      }),
    );
    expect(check).toEqual({
      ok: false,
      errors: [
        'Row 3: Chassis number FR12345 is also on row 2.',
        'Row 4: A vehicle with chassis number KZJ950012345 is already in your fleet; Plate ZM-001-ABC is also on row 2.',
        'Row 5: Plate ZM-002-ABC is already on your Blue Nissan Note. Take it off that vehicle first.',
      ],
    });
  });

  it('names every problem of a row once, field by field', () => {
    expect(checkFleetCsv('make,model,year,colour\n,,abc,\n', context())).toEqual({
      ok: false,
      errors: [
        'Row 2: Make is required; Model is required; Vehicle year must be a year such as 2019; Colour is required.',
      ],
    });
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
            ? check.vehicles.every((vehicle) => vehicle.make !== '' && vehicle.model !== '' && vehicle.colour !== '')
            : check.errors.length > 0 && check.errors.every((error) => error.length > 0);
        },
      ),
    );
  });
});
