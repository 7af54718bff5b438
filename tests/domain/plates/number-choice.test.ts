import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlateNumber, type PlateNumber } from '#domain/plates/plate-number';
import {
  DEFAULT_NUMBER_RULES,
  isLookAlike,
  judgeChosenNumber,
  lookAlikeKey,
  offensiveWordIn,
  parseRequestedNumber,
} from '#domain/plates/number-choice';
import { numberRulesSchema } from '#domain/plates/number-rules-schema';

const plate = (text: string) => text as PlateNumber;

describe('the numbers a buyer may ask for', () => {
  it('takes a standard number and a personalised ZM- number', () => {
    expect(parseRequestedNumber(' zm-500-mwb ')).toEqual({ ok: true, value: 'ZM-500-MWB' });
    expect(parseRequestedNumber('ZM-BWALYA')).toEqual({ ok: true, value: 'ZM-BWALYA' });
    expect(parseRequestedNumber('ZM-7')).toEqual({ ok: true, value: 'ZM-7' });
  });

  it('refuses HELLO with a message that shows what a number looks like', () => {
    const result = parseRequestedNumber('HELLO');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(/^HELLO is not a plate number you can apply for\. Numbers look like ZM-001-ABC/);
  });

  it('refuses text the plate grammar refuses with the grammar’s own message', () => {
    expect(parseRequestedNumber('')).toEqual(parsePlateNumber(''));
    expect(parseRequestedNumber('ZM-500-MWB!')).toEqual(parsePlateNumber('ZM-500-MWB!'));
  });

  it('refuses other forms: spaces, three hyphens, no ZM', () => {
    for (const text of ['ZM 500 MWB', 'ZM-5-0-0', 'BAK 4521', 'GRZ-201-MH', 'ZM-'])
      expect(parseRequestedNumber(text).ok, text).toBe(false);
  });

  it('never accepts what the plate grammar refuses (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (text) => {
        if (!parsePlateNumber(text).ok) expect(parseRequestedNumber(text).ok).toBe(false);
        const requested = parseRequestedNumber(text);
        if (requested.ok) expect(requested.value.startsWith('ZM-')).toBe(true);
      }),
    );
  });
});

describe('look-alike numbers', () => {
  it('reads O as 0 and I as 1 and ignores hyphens', () => {
    expect(lookAlikeKey('ZM-1O1-ABC')).toBe(lookAlikeKey('ZM-101-ABC'));
    expect(isLookAlike('ZM-B0SS', 'ZM-BOSS')).toBe(true);
    expect(isLookAlike('ZM-101ABC', 'ZM-101-ABC')).toBe(true);
    expect(isLookAlike('ZM-L1ON', 'ZM-LION')).toBe(true);
  });

  it('does not call a number its own look-alike, nor numbers that differ', () => {
    expect(isLookAlike('ZM-101-ABC', 'ZM-101-ABC')).toBe(false);
    expect(isLookAlike('ZM-101-ABC', 'ZM-102-ABC')).toBe(false);
  });

  it('is symmetric (property)', () => {
    const chars = fc.constantFrom('0', 'O', '1', 'I', 'A', '-');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 6 }), fc.array(chars, { maxLength: 6 }), (a, b) => {
        expect(isLookAlike(`ZM${a.join('')}`, `ZM${b.join('')}`)).toBe(
          isLookAlike(`ZM${b.join('')}`, `ZM${a.join('')}`),
        );
      }),
    );
  });

  it('refuses a chosen number that looks like a taken one, naming it', () => {
    expect(judgeChosenNumber(plate('ZM-B0SS'), DEFAULT_NUMBER_RULES, ['ZM-BOSS'])).toEqual({
      ok: false,
      reason: 'look-alike',
      message: expect.stringContaining('looks like ZM-BOSS'),
    });
    expect(judgeChosenNumber(plate('ZM-B0SS'), DEFAULT_NUMBER_RULES, ['ZM-B0SS', 'ZM-777-VIP'])).toEqual({ ok: true });
  });
});

describe('the offensive-word list', () => {
  const words = DEFAULT_NUMBER_RULES.offensiveWords;

  it('refuses a listed three-letter word as a whole group', () => {
    expect(offensiveWordIn('ZM-100-ASS', words)).toBe('ASS');
    expect(offensiveWordIn('ZM-455-ABC', words)).toBe('ASS');
    expect(judgeChosenNumber(plate('ZM-100-SEX'), DEFAULT_NUMBER_RULES, [])).toMatchObject({
      ok: false,
      reason: 'offensive',
    });
  });

  it('does not refuse a longer word that only contains a short listed one', () => {
    expect(offensiveWordIn('ZM-CLASS', words)).toBeNull();
    expect(offensiveWordIn('ZM-777-VIP', words)).toBeNull();
    expect(offensiveWordIn('ZM-500-MWB', words)).toBeNull();
  });

  it('refuses a word of four or more letters anywhere, digits read as letters', () => {
    expect(offensiveWordIn('ZM-5H1T', words)).toBe('SHIT');
    expect(offensiveWordIn('ZM-BIGSHIT', words)).toBe('SHIT');
    expect(offensiveWordIn('ZM-SH-1T', words)).toBe('SHIT');
  });

  it('uses the administrator’s list, not a fixed one', () => {
    expect(offensiveWordIn('ZM-MWB', ['mwb'])).toBe('mwb');
    expect(offensiveWordIn('ZM-100-ASS', [])).toBeNull();
  });

  it('keeps the list in capitals, letters only, without repeats', () => {
    expect(numberRulesSchema.parse({ offensiveWords: ['ass', 'Ass ', 'x', 'b!tch'] })).toEqual({
      offensiveWords: ['ASS', 'BTCH'],
    });
    expect(numberRulesSchema.safeParse({ offensiveWords: 'ASS' }).success).toBe(false);
  });
});
