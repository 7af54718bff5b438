// Text for a plain phone: USSD screens and SMS are sent in the GSM 03.38 7-bit alphabet.
// One character outside it (an em dash, a curly apostrophe) makes the network send the
// whole text as UCS-2, which halves what fits on a screen or in an SMS; so every text for a
// phone is written in the alphabet first, and measured as the network counts it.

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters sent as an escape and a second character: two septets each. */
const EXTENSION = '^{}\\[~]|€\f';

const BASIC_SET = new Set(BASIC);
const EXTENSION_SET = new Set(EXTENSION);

/** Usual characters outside the alphabet, and what a phone shows instead. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '—': '-',
  '–': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '\u00a0': ' ',
  '\t': ' ',
};

export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC_SET.has(char) && !EXTENSION_SET.has(char)) return false;
  return true;
}

/** Septets the text takes: extension characters count two. */
export function gsm7Length(text: string): number {
  let length = 0;
  for (const char of text) length += EXTENSION_SET.has(char) ? 2 : 1;
  return length;
}

/**
 * The text in the GSM 7-bit alphabet: dashes and quotes replaced, accents the alphabet lacks
 * dropped (ë → e), and anything else left as '?'.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (BASIC_SET.has(char) || EXTENSION_SET.has(char)) {
      out += char;
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += bare !== char && [...bare].every((c) => BASIC_SET.has(c)) ? bare : '?';
  }
  return out;
}
