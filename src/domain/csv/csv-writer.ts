// Writing CSV files people open in a spreadsheet (RFC 4180): fields with a separator, a
// quote or a line break are quoted and their quotes doubled; lines end with CRLF; a UTF-8
// byte order mark first, so Excel reads names such as "Mwila Bánda" correctly.
//
// A semicolon counts as a separator: spreadsheets set to a language that writes decimal
// commas (and many a CSV import dialog) split on ';', where an unquoted `Mwila;=1+1`
// would become two cells, the second a formula. Quoted, it stays one cell of text.

const NEEDS_QUOTES = /[",;\r\n]/;

/** A cell that a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one) is prefixed so it stays text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvText(
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
  { byteOrderMark = true } = {},
): string {
  const body = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  return `${byteOrderMark ? '\uFEFF' : ''}${body}\r\n`;
}
