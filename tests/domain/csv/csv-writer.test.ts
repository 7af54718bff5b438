import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '#domain/csv/csv-writer';
import { parseCsv } from '#domain/fleet/fleet-csv';

/** A strict RFC 4180 reader, to check that what is written reads back the same. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

describe('csv writer', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvField('ZM-101-ABC')).toBe('ZM-101-ABC');
    expect(csvField('Banda, Mwila')).toBe('"Banda, Mwila"');
    expect(csvField('The "Premium" plate')).toBe('"The ""Premium"" plate"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(1500)).toBe('1500');
    expect(csvField(null)).toBe('');
  });

  it('keeps a cell that would start a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-200')).toBe("'-200");
  });

  it('starts with a byte order mark and ends every line with CRLF', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe('\uFEFFa,b\r\n1,2\r\n');
  });

  it('reads back as written, for any text that does not start like a formula', () => {
    const cell = fc
      .string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', 'é', '1') })
      .filter((value) => !/^[=+\-@\t\r]/.test(value));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (rows) => {
        expect(readCsv(csvText(rows, { byteOrderMark: false }))).toEqual(rows);
      }),
    );
  });

  it('quotes a cell holding a semicolon, which spreadsheets in many languages split on', () => {
    expect(csvField('Mwila;=1+1')).toBe('"Mwila;=1+1"');
    expect(
      parseCsv(csvText([['Mwila;=1+1', 'x']], { byteOrderMark: false }), { separator: ';' }).map(
        (record) => record.fields,
      ),
    ).toEqual([['Mwila;=1+1,x']]);
  });

  /** Any text, weighted towards what a spreadsheet treats specially. */
  const anyCell = fc.string({
    unit: fc.oneof(
      fc.constantFrom(',', ';', '"', '\n', '\r', '\t', '=', '+', '-', '@', ' ', "'"),
      fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
    ),
    maxLength: 12,
  });
  const written = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

  it('writes every cell as one cell, whether the reader splits on commas or on semicolons, and never as a formula', () => {
    fc.assert(
      fc.property(anyCell, (cell) => {
        // Read by the import's own RFC 4180 reader, with either separator: one record of one value, the text as written.
        for (const separator of [',', ';'] as const) {
          const records = parseCsv(`${csvField(cell)}\r\n`, { separator });
          expect(records.map((record) => record.fields)).toEqual([[written(cell)]]);
          expect(records[0]?.problem).toBeUndefined();
          expect(records[0]?.fields[0]).not.toMatch(/^[=+\-@\t\r]/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as written, row by row and cell by cell, for any text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(anyCell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        (rows) => {
          expect(parseCsv(csvText(rows, { byteOrderMark: false })).map((record) => record.fields)).toEqual(
            rows.map((row) => row.map(written)),
          );
        },
      ),
    );
  });
});
