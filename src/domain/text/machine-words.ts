// Words as a machine writes them, in text people read: a day or a moment in ISO form
// ('2027-01-20', '2026-12-06T01:22:55.356Z') where a person expects '20 Jan 2027', and a
// plural left to the reader ('1 plate(s)'). Screens, messages and refusals are checked with
// this (the route walk, the message and refusal checks in the tests); exported files are the
// one place a sortable time is wanted, and they name Lusaka's zone (lusaka-date-time.ts).

/** A day as ISO writes it, with its time when it has one, standing alone (not inside a longer number or word). */
const ISO_DAY =
  /(?<![\w-])\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w-])/g;

/** A word with '(s)' or '(es)' after it, as in 'plate(s)'. */
const PLURAL_LEFT_TO_THE_READER = /\p{L}\((?:s|es)\)/giu;

/** Each fragment of `text` written as a machine writes it, in the order found; none for text people read. */
export function machineWords(text: string): string[] {
  return [...text.matchAll(ISO_DAY), ...text.matchAll(PLURAL_LEFT_TO_THE_READER)]
    .sort((a, b) => a.index - b.index)
    .map((match) => wordAround(text, match.index, match[0].length));
}

/** The fragment with the word before and after it, so a report says where it was. */
function wordAround(text: string, index: number, length: number): string {
  const before = text.slice(0, index).match(/\S*\s?$/)?.[0] ?? '';
  const after = text.slice(index + length).match(/^\s?\S*/)?.[0] ?? '';
  return `${before}${text.slice(index, index + length)}${after}`.trim();
}
