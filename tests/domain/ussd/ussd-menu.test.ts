import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, toGsm7 } from '#domain/ussd/gsm7';
import { type PublicPlateFacts, phoneVerdict } from '#domain/ussd/phone-verdict';
import {
  type CallerPlate,
  keypadPlateNumber,
  rateLimitedScreen,
  routeUssd,
  smsReply,
  type UssdFacts,
  type UssdRoute,
  USSD_SCREEN_LIMIT,
  ussdScreen,
} from '#domain/ussd/ussd-menu';
import { ngwee } from '#domain/money/money';
import type { PlateNumber } from '#domain/plates/plate-number';

const TODAY = '2026-12-06';
/** The longest texts a registration may hold: a 10-character number, 24-byte make and model, 16-byte colour. */
const LONGEST_VEHICLE = {
  make: 'Mercedes-Benz Commercial',
  model: 'Sprinter 519 CDI Panel V',
  colour: 'Metallic Silvers',
};
const LONGEST_PLATE = 'LUSAKA 123';
const VERDICTS: PublicPlateFacts['verdict'][] = [
  'Valid',
  'Expired',
  'Revoked',
  'Stolen',
  'Not yet issued',
  'Unknown plate',
];

const longestFacts = (verdict: PublicPlateFacts['verdict']): PublicPlateFacts => ({
  plateNumber: LONGEST_PLATE,
  verdict,
  vehicle: verdict === 'Unknown plate' || verdict === 'Not yet issued' ? null : LONGEST_VEHICLE,
  expiryDate: verdict === 'Unknown plate' || verdict === 'Not yet issued' ? null : '2027-09-30',
});

const manyPlates: CallerPlate[] = Array.from({ length: 40 }, (_, i) => ({
  plateNumber: `ZM-${String(100 + i)}-ABCD`.slice(0, 10),
  standing: i % 7 === 0 ? 'Made' : i % 5 === 0 ? 'Stolen' : 'Valid',
  expiryDate: i % 7 === 0 ? null : i % 2 === 0 ? '2027-01-20' : '2026-12-30',
}));
const worstFacts = (verdict: PublicPlateFacts['verdict']): UssdFacts => ({
  verdict: longestFacts(verdict),
  account: { plates: manyPlates, renewalFee: ngwee(1_234_567_00) },
  reported: true,
});
const plate = (text: string) => text as PlateNumber;

/** Every screen the menu can show, with the longest texts each can carry. */
const EVERY_SCREEN: Array<[string, UssdRoute, UssdFacts]> = [
  ['main menu', { kind: 'menu' }, {}],
  ['main menu after a timeout', { kind: 'menu', note: 'timed-out' }, {}],
  ['main menu after a wrong choice', { kind: 'menu', note: 'unknown-choice' }, {}],
  ['ask a plate to check', { kind: 'ask-plate', purpose: 'check' }, {}],
  [
    'ask again after a bad number',
    {
      kind: 'ask-plate',
      purpose: 'check',
      problem: 'Plate number may contain only letters, digits, spaces and hyphens',
    },
    {},
  ],
  [
    'ask a plate to report',
    { kind: 'ask-plate', purpose: 'report', problem: 'Plate number must be at most 10 characters' },
    {},
  ],
  ...VERDICTS.map((verdict): [string, UssdRoute, UssdFacts] => [
    `verdict ${verdict}`,
    { kind: 'check', plateNumber: plate(LONGEST_PLATE) },
    worstFacts(verdict),
  ]),
  ['verdict unavailable', { kind: 'check', plateNumber: plate(LONGEST_PLATE) }, {}],
  ['my plates, linked, 40 plates', { kind: 'my-plates' }, worstFacts('Valid')],
  ['my plates, not linked', { kind: 'my-plates' }, { account: null }],
  ['my plates, none', { kind: 'my-plates' }, { account: { plates: [], renewalFee: ngwee(0) } }],
  ['renewals, linked, many due', { kind: 'renewals' }, worstFacts('Valid')],
  ['renewals, not linked', { kind: 'renewals' }, { account: null }],
  ['renewals, none due', { kind: 'renewals' }, { account: { plates: [], renewalFee: ngwee(15000) } }],
  ['ask the reason', { kind: 'ask-reason', plateNumber: plate(LONGEST_PLATE), isRetry: true }, {}],
  ['report stored', { kind: 'report', plateNumber: plate(LONGEST_PLATE), reason: 'stolen' }, { reported: true }],
  ['report not stored', { kind: 'report', plateNumber: plate(LONGEST_PLATE), reason: 'suspicious' }, {}],
  ['too many tries', { kind: 'too-many-tries' }, {}],
];

describe('USSD screens', () => {
  it.each(EVERY_SCREEN)('%s fits one screen whole, in the GSM alphabet', (_name, route, facts) => {
    const answer = ussdScreen(route, facts, TODAY);
    expect(answer).toMatch(/^(CON|END) /);
    expect(gsm7Length(answer)).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
    expect(isGsm7(answer)).toBe(true);
    // Only the lists are shortened ("+N more"); no screen is cut off with "...".
    expect(answer.endsWith('...')).toBe(false);
  });

  it('fits the rate limit screen', () => {
    expect(gsm7Length(rateLimitedScreen(60))).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
  });

  it('says a stolen plate is stolen, in words a buyer acts on', () => {
    const answer = ussdScreen(
      { kind: 'check', plateNumber: plate('ZM-789-GHI') },
      {
        verdict: {
          plateNumber: 'ZM-789-GHI',
          verdict: 'Stolen',
          vehicle: { make: 'Toyota', model: 'Hilux', colour: 'White' },
          expiryDate: '2028-09-19',
        },
      },
      TODAY,
    );
    expect(answer).toBe(
      'END ZM-789-GHI: Reported stolen - do not buy, call the police. Registered to a White Toyota Hilux',
    );
  });

  it('says until when a valid plate is valid and on which vehicle', () => {
    expect(
      phoneVerdict({
        plateNumber: 'ZM-123-ABC',
        verdict: 'Valid',
        vehicle: { make: 'Toyota', model: 'Hilux', colour: 'White' },
        expiryDate: '2027-01-20',
      }),
    ).toBe('ZM-123-ABC: Valid until 20 Jan 2027, White Toyota Hilux');
  });

  it('lists as many plates as fit and says how many more there are', () => {
    const answer = ussdScreen({ kind: 'my-plates' }, worstFacts('Valid'), TODAY);
    expect(answer).toMatch(/^END Your plates:\nZM-100-ABC not yet issued\n/);
    expect(answer).toMatch(/\+\d+ more in the Nambala app$/);
  });

  it('lists only the plates due for renewal, with the fee and how to pay by mobile money', () => {
    const answer = ussdScreen(
      { kind: 'renewals' },
      {
        account: {
          plates: [
            { plateNumber: 'ZM-101-ABC', standing: 'Valid', expiryDate: '2027-01-20' },
            { plateNumber: 'ZM-102-ABC', standing: 'Valid', expiryDate: '2030-01-20' },
          ],
          renewalFee: ngwee(15000),
        },
      },
      TODAY,
    );
    expect(answer).toBe(
      'END Renewal due:\nZM-101-ABC by 20 Jan 2027\nPay K150.00 each by MTN or Airtel Money: Nambala app, My Plates, Renew.',
    );
  });
});

describe('reading what the caller typed', () => {
  it.each<[string, UssdRoute]>([
    ['', { kind: 'menu' }],
    ['1', { kind: 'ask-plate', purpose: 'check' }],
    ['1*ZM789GHI', { kind: 'check', plateNumber: plate('ZM-789-GHI') }],
    ['1*zm-789-ghi', { kind: 'check', plateNumber: plate('ZM-789-GHI') }],
    [
      '1*#',
      {
        kind: 'ask-plate',
        purpose: 'check',
        problem: 'Plate number may contain only letters, digits, spaces and hyphens',
      },
    ],
    ['1*#*ZM123ABC', { kind: 'check', plateNumber: plate('ZM-123-ABC') }],
    ['1*#*#*#', { kind: 'too-many-tries' }],
    ['2', { kind: 'my-plates' }],
    ['3', { kind: 'renewals' }],
    ['4', { kind: 'ask-plate', purpose: 'report' }],
    ['4*ZM789GHI', { kind: 'ask-reason', plateNumber: plate('ZM-789-GHI') }],
    ['4*ZM789GHI*9', { kind: 'ask-reason', plateNumber: plate('ZM-789-GHI'), isRetry: true }],
    ['4*ZM789GHI*1', { kind: 'report', plateNumber: plate('ZM-789-GHI'), reason: 'stolen' }],
    ['4*ZM789GHI*9*2', { kind: 'report', plateNumber: plate('ZM-789-GHI'), reason: 'suspicious' }],
    ['9', { kind: 'menu', note: 'unknown-choice' }],
    ['9*1', { kind: 'ask-plate', purpose: 'check' }],
    ['9*9*9', { kind: 'too-many-tries' }],
  ])('reads %j', (text, route) => {
    expect(routeUssd(text)).toEqual(route);
  });

  it('reads a keypad number without hyphens as the standard number', () => {
    expect(keypadPlateNumber('ZM 123 ABC')).toEqual({ ok: true, value: 'ZM-123-ABC' });
  });

  it('answers any text with one screen that begins CON or END and fits, and never throws', () => {
    const step = fc.oneof(
      fc.constantFrom('1', '2', '3', '4', '0', '9', 'ZM789GHI', 'ZM-123-ABC', '', ' '),
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(step, { maxLength: 12 }).map((steps) => steps.join('*')),
          fc.string({ unit: 'binary', maxLength: 200 }),
        ),
        fc.constantFrom(...VERDICTS),
        fc.boolean(),
        (text, verdict, linked) => {
          const facts = linked ? worstFacts(verdict) : { ...worstFacts(verdict), account: null };
          const answer = ussdScreen(routeUssd(text), facts, TODAY);
          expect(answer).toMatch(/^(CON|END) /);
          expect(gsm7Length(answer)).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
          expect(isGsm7(answer)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('SMS replies', () => {
  it.each(VERDICTS)('fits the %s verdict with the longest texts in one GSM-7 SMS', (verdict) => {
    const reply = smsReply(longestFacts(verdict));
    expect(isGsm7(reply)).toBe(true);
    expect(gsm7Length(reply)).toBeLessThanOrEqual(160);
    expect(reply.endsWith('...')).toBe(false);
  });

  it('explains a text that is not a plate number in one SMS', () => {
    const reply = smsReply({ problem: 'Plate number may contain only letters, digits, spaces and hyphens' });
    expect(gsm7Length(reply)).toBeLessThanOrEqual(160);
    expect(isGsm7(reply)).toBe(true);
  });

  it('writes dashes, quotes and accents a phone cannot show in the GSM alphabet', () => {
    expect(toGsm7('Reported stolen — don’t buy: Citroën')).toBe("Reported stolen - don't buy: Citroen");
    expect(isGsm7(toGsm7('車 ✓'))).toBe(true);
  });
});
