/**
 * Text on the app's PDF pages (certificates, reports), which use the standard PDF fonts:
 * they keep a file small and need no font file on the device, but print only
 * Windows-1252 (é, ü, Š and the like).
 */
import type { PDFFont } from 'pdf-lib';

const characterSets = new WeakMap<PDFFont, Set<number>>();
/** Letters with a stroke rather than an accent: Unicode gives them no base letter to fall back on. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * The text as the font can print it: another letter is printed without its accent or
 * stroke (Ł as L), or as '?' when it has no base letter; a line break prints as a space.
 */
export function printable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  const has = (char: string) => supported.has(char.codePointAt(0) ?? -1);
  let out = '';
  for (const char of text.replace(/\s+/g, ' ').normalize('NFC')) {
    if (has(char)) out += char;
    else {
      const base = STROKED[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(has) ? base : '?';
    }
  }
  return out;
}

/**
 * Lines of at most `width` points at `size`, broken at spaces, and inside a word only when
 * it is wider than a line (a link). Empty text is one empty line.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of printable(font, text).split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (rest.length > 1 && !fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}
