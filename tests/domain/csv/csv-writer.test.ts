import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '#domain/csv/csv-writer';

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
    expect(csvText([['a', 'b'], ['1', '2']])).toBe('\uFEFFa,b\r\n1,2\r\n');
  });

  it('reads back as written, for any text that does not start like a formula', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', 'é', '1') }).filter((value) => !/^[=+\-@\t\r]/.test(value));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (rows) => {
        expect(readCsv(csvText(rows, { byteOrderMark: false }))).toEqual(rows);
      }),
    );
  });
});
