// Which numbers a buyer may check and ask for, and the rules a chosen (personalised) number
// must pass before it is offered: the administrator's offensive-word list and the look-alike
// rule (0/O, 1/I). Built on parsePlateNumber, the one plate-number grammar (docs/plate-numbers.md).
import { normalisePlateNumber, type PlateNumber, parsePlateNumber, type PlateNumberResult } from './plate-number';
import { REQUESTABLE_NUMBER_PATTERN } from './requestable-number';

export const NUMBER_EXAMPLE = 'ZM-001-ABC, or ZM-BWALYA for a personalised number';

/** What the buyer reads when the text is not a number that can be asked for. */
export function notARequestableNumber(typed: string): string {
  const shown = normalisePlateNumber(typed);
  return `${shown === '' ? 'This' : shown} is not a plate number you can apply for. Numbers look like ${NUMBER_EXAMPLE}.`;
}

/** Parses with the plate-number grammar, then asks for the ZM- form that can be applied for. */
export function parseRequestedNumber(raw: string): PlateNumberResult {
  const parsed = parsePlateNumber(raw);
  if (!parsed.ok) return parsed;
  if (!REQUESTABLE_NUMBER_PATTERN.test(parsed.value)) return { ok: false, error: notARequestableNumber(parsed.value) };
  return parsed;
}

/**
 * How a number reads on a plate: separators dropped, the letter O as the digit 0 and the
 * letter I as the digit 1. Two numbers with one key cannot be told apart at a glance.
 */
export function lookAlikeKey(number: string): string {
  return normalisePlateNumber(number).replace(/[ -]/g, '').replace(/O/g, '0').replace(/I/g, '1');
}

export function isLookAlike(a: string, b: string): boolean {
  return normalisePlateNumber(a) !== normalisePlateNumber(b) && lookAlikeKey(a) === lookAlikeKey(b);
}

/** Digits read as the letters they stand in for when a word is spelt on a plate (B00B, 455). */
const DIGITS_AS_LETTERS: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '3': 'E',
  '4': 'A',
  '5': 'S',
  '7': 'T',
  '8': 'B',
};

const asLetters = (group: string) => group.replace(/[0-9]/g, (digit) => DIGITS_AS_LETTERS[digit] ?? digit);

/** A word as the list keeps it: capitals, letters only. */
export function normaliseWord(word: string): string {
  return word.toUpperCase().replace(/[^A-Z]/g, '');
}

/** Words shorter than this are refused only as a whole group, so ZM-CLASS is not refused for ASS. */
export const WHOLE_WORD_BELOW = 4;

/**
 * The listed word the number spells, or null. Each group after ZM (and the groups run
 * together) is read with digits as letters; a word of four or more letters is refused
 * anywhere in it, a shorter word only as a whole group (ZM-100-ASS, not ZM-CLASS).
 */
export function offensiveWordIn(number: string, words: readonly string[]): string | null {
  const groups = normalisePlateNumber(number)
    .split(/[ -]/)
    .filter((group, index) => !(index === 0 && group === 'ZM') && group !== '');
  const readings = groups.map(asLetters);
  const joined = readings.join('');
  for (const listed of words) {
    const word = normaliseWord(listed);
    if (word === '') continue;
    if (word.length < WHOLE_WORD_BELOW ? readings.includes(word) : joined.includes(word)) return listed;
  }
  return null;
}

export const NUMBER_NOT_OFFERED_WORD =
  'This number is not offered: it spells a word on the list of words plates may not carry.';

export function numberLooksLike(number: string, taken: string): string {
  return `${number} is not offered: on a plate it looks like ${taken}, which is already taken or listed (0 and O, 1 and I read alike).`;
}

export type NumberJudgement = { ok: true } | { ok: false; reason: 'offensive' | 'look-alike'; message: string };

/**
 * Whether a free, requestable number may be offered: not on the word list, and not a
 * look-alike of any number in `taken` (numbers held, listed, allocated or registered).
 */
export function judgeChosenNumber(
  number: PlateNumber,
  rules: { offensiveWords: readonly string[] },
  taken: readonly string[],
): NumberJudgement {
  if (offensiveWordIn(number, rules.offensiveWords) !== null)
    return { ok: false, reason: 'offensive', message: NUMBER_NOT_OFFERED_WORD };
  const twin = taken.find((other) => isLookAlike(number, other));
  if (twin !== undefined) return { ok: false, reason: 'look-alike', message: numberLooksLike(number, twin) };
  return { ok: true };
}

/** The administrator's rules for chosen numbers (a setting with history). */
export interface NumberRules {
  offensiveWords: string[];
}

/**
 * A short default list: English profanity and slurs that fit on a plate, and their common
 * three-letter forms. The administrator adds to it (local languages included) in Settings.
 */
export const DEFAULT_NUMBER_RULES: NumberRules = {
  offensiveWords: [
    'ASS',
    'FUK',
    'FUC',
    'FCK',
    'SEX',
    'XXX',
    'KKK',
    'FAG',
    'TIT',
    'WTF',
    'STFU',
    'FUCK',
    'SHIT',
    'PISS',
    'CUNT',
    'DICK',
    'COCK',
    'SLUT',
    'WHORE',
    'BITCH',
    'NAZI',
    'PORN',
  ],
};

export const MAX_OFFENSIVE_WORDS = 500;
