// The USSD menu as a pure function of what the caller has typed so far. A gateway sends the
// whole session's input each time ("1*ZM-789-GHI": steps joined by '*'); routeUssd reads it
// into where the caller is, the server gathers the facts that place needs (a verdict, the
// caller's plates), and ussdScreen writes the screen. Every screen goes through `screen`,
// which holds it to what a gateway shows: 182 septets of the GSM alphabet, "CON " or "END "
// included (docs/ussd-and-sms.md).
import { formatDay } from '../dates/calendar-day';
import { formatKwacha, type Ngwee } from '../money/money';
import type { UnissuedStanding } from '../plates/lifecycle';
import { parsePlateNumber, type PlateNumber } from '../plates/plate-number';
import { renewalRefusal } from '../plates/renewal';
import type { RegistryStanding } from '../registry/registry-copy';
import { gsm7Length, toGsm7 } from './gsm7';
import { type PublicPlateFacts, phoneVerdict } from './phone-verdict';

/** The most a gateway shows on one screen, in septets, the "CON "/"END " prefix included. */
export const USSD_SCREEN_LIMIT = 182;
/** Wrong answers in a row before a session is ended. */
export const USSD_MAX_TRIES = 3;

export type UssdReportReason = 'stolen' | 'suspicious';

export type UssdRoute =
  | { kind: 'menu'; note?: 'timed-out' | 'unknown-choice' }
  | { kind: 'ask-plate'; purpose: 'check' | 'report'; problem?: string }
  | { kind: 'check'; plateNumber: PlateNumber }
  | { kind: 'my-plates' }
  | { kind: 'renewals' }
  | { kind: 'ask-reason'; plateNumber: PlateNumber; isRetry?: boolean }
  | { kind: 'report'; plateNumber: PlateNumber; reason: UssdReportReason }
  | { kind: 'too-many-tries' };

/**
 * A number as typed on a phone keypad: ZM789GHI is read as ZM-789-GHI (a hyphen is hard to
 * find on most keypads); anything else as parsePlateNumber reads it.
 */
export function keypadPlateNumber(raw: string): ReturnType<typeof parsePlateNumber> {
  const compact = /^([A-Za-z]{2}) ?(\d{3}) ?([A-Za-z]{3})$/.exec(raw.trim());
  return parsePlateNumber(compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : raw);
}

/** The first step that is a plate number, after any that were not (each answered "enter it again"). */
function plateStep(
  steps: readonly string[],
  purpose: 'check' | 'report',
): UssdRoute | { at: number; plate: PlateNumber } {
  if (steps.length === 0) return { kind: 'ask-plate', purpose };
  for (let at = 0; at < steps.length; at += 1) {
    const parsed = keypadPlateNumber(steps[at] ?? '');
    if (parsed.ok) return { at, plate: parsed.value };
  }
  if (steps.length >= USSD_MAX_TRIES) return { kind: 'too-many-tries' };
  const last = keypadPlateNumber(steps[steps.length - 1] ?? '');
  return { kind: 'ask-plate', purpose, problem: last.ok ? undefined : last.error };
}

/** Where a caller is after typing `text` (the session's steps joined by '*'). Never throws. */
export function routeUssd(text: string): UssdRoute {
  const steps = text === '' ? [] : text.split('*').map((step) => step.trim());
  // Choices the menu does not offer were answered with the menu again: skip them.
  let wrong = 0;
  while (steps.length > 0 && !['1', '2', '3', '4'].includes(steps[0] ?? '')) {
    steps.shift();
    wrong += 1;
  }
  if (wrong >= USSD_MAX_TRIES) return { kind: 'too-many-tries' };
  const [choice, ...rest] = steps;
  if (choice === undefined) return wrong > 0 ? { kind: 'menu', note: 'unknown-choice' } : { kind: 'menu' };
  if (choice === '2') return { kind: 'my-plates' };
  if (choice === '3') return { kind: 'renewals' };
  const purpose = choice === '1' ? 'check' : 'report';
  const found = plateStep(rest, purpose);
  if ('kind' in found) return found;
  if (purpose === 'check') return { kind: 'check', plateNumber: found.plate };
  const answers = rest.slice(found.at + 1);
  const last = answers[answers.length - 1];
  if (last === undefined) return { kind: 'ask-reason', plateNumber: found.plate };
  if (last === '1' || last === '2')
    return { kind: 'report', plateNumber: found.plate, reason: last === '1' ? 'stolen' : 'suspicious' };
  if (answers.length >= USSD_MAX_TRIES) return { kind: 'too-many-tries' };
  return { kind: 'ask-reason', plateNumber: found.plate, isRetry: true };
}

/** A plate of the caller's account, as "My plates" and "Renewal due" read it. */
export interface CallerPlate {
  plateNumber: string;
  /** Allocated or Made: held for the owner, no registration yet. */
  standing: RegistryStanding | UnissuedStanding;
  /** The registration's last valid day; null before registration. */
  expiryDate: string | null;
}

/** What the server found for the screen the route leads to. */
export interface UssdFacts {
  /** For 'check': the plate's public verdict. */
  verdict?: PublicPlateFacts;
  /** For 'my-plates' and 'renewals': the plates of the account the phone number is linked to; null when it is linked to none. */
  account?: { plates: readonly CallerPlate[]; renewalFee: Ngwee } | null;
  /** For 'report': whether the report was stored. */
  reported?: boolean;
}

/**
 * A screen as the gateway is answered: "CON " (the caller answers) or "END " (the session
 * ends) and the text, in the GSM alphabet, cut to USSD_SCREEN_LIMIT septets with "..." if
 * it is longer. The one place the limit is enforced.
 */
export function screen(kind: 'CON' | 'END', body: string): string {
  const prefix = `${kind} `;
  const text = toGsm7(body);
  if (gsm7Length(prefix + text) <= USSD_SCREEN_LIMIT) return prefix + text;
  let cut = '';
  for (const char of text) {
    if (gsm7Length(prefix + cut + char) + 3 > USSD_SCREEN_LIMIT) break;
    cut += char;
  }
  return `${prefix}${cut.trimEnd()}...`;
}

/** Header, then as many lines as fit, then "+N more" for the rest, then the footer. */
function listScreen(header: string, lines: readonly string[], footer: string): string {
  const fits = (shown: readonly string[], hidden: number) =>
    gsm7Length(
      `END ${toGsm7([header, ...shown, ...(hidden > 0 ? [`+${hidden} more in the Nambala app`] : []), footer].filter(Boolean).join('\n'))}`,
    ) <= USSD_SCREEN_LIMIT;
  let count = lines.length;
  while (count > 0 && !fits(lines.slice(0, count), lines.length - count)) count -= 1;
  const hidden = lines.length - count;
  const more = hidden > 0 ? [`+${hidden} more in the Nambala app`] : [];
  return screen('END', [header, ...lines.slice(0, count), ...more, footer].filter(Boolean).join('\n'));
}

export const MAIN_MENU = 'Nambala plate check\n1 Check a plate\n2 My plates\n3 Renewal due\n4 Report a plate';
export const NOT_LINKED =
  'This phone number is not linked to a Nambala account. Add it to your profile in the Nambala app to see your plates here.';
export const TOO_MANY_TRIES = 'Too many tries. Dial again to start over.';
export const CANNOT_ANSWER = 'The registry cannot answer now. Please try again later.';

/** The screen the caller is shown when over the limit of requests for one phone number. */
export const rateLimitedScreen = (minutes: number): string =>
  screen('END', `Too many requests from this phone. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);

function plateLine(plate: CallerPlate, today: string): string {
  switch (plate.standing) {
    case 'Allocated':
    case 'Made':
      return `${plate.plateNumber} not yet issued`;
    case 'Stolen':
      return `${plate.plateNumber} reported stolen`;
    case 'Revoked':
      return `${plate.plateNumber} revoked`;
    case 'Valid':
      return plate.expiryDate !== null && today > plate.expiryDate
        ? `${plate.plateNumber} expired ${formatDay(plate.expiryDate)}`
        : `${plate.plateNumber} valid to ${formatDay(plate.expiryDate)}`;
  }
}

/** The caller's registered plates due for renewal today (renewal opens 90 days before expiry). */
export function renewalsDue(plates: readonly CallerPlate[], today: string): CallerPlate[] {
  return plates.filter(
    (plate) =>
      plate.expiryDate !== null &&
      (plate.standing === 'Valid' || plate.standing === 'Revoked' || plate.standing === 'Stolen') &&
      renewalRefusal(
        { plateNumber: plate.plateNumber, standing: plate.standing, expiryDate: plate.expiryDate },
        today,
      ) === undefined,
  );
}

/** The screen for a route and the facts gathered for it; `today` is YYYY-MM-DD. Never throws. */
export function ussdScreen(route: UssdRoute, facts: UssdFacts, today: string): string {
  switch (route.kind) {
    case 'menu': {
      const note =
        route.note === 'timed-out'
          ? 'Your session timed out.\n'
          : route.note === 'unknown-choice'
            ? 'Choose 1 to 4.\n'
            : '';
      return screen('CON', note + MAIN_MENU);
    }
    case 'ask-plate': {
      const ask = route.purpose === 'check' ? 'Enter the plate number' : 'Enter the number of the plate to report';
      return screen('CON', `${route.problem ? `${route.problem}.\n` : ''}${ask}, e.g. ZM-123-ABC`);
    }
    case 'check':
      return screen('END', facts.verdict ? phoneVerdict(facts.verdict) : CANNOT_ANSWER);
    case 'my-plates': {
      if (!facts.account) return screen('END', NOT_LINKED);
      if (facts.account.plates.length === 0) return screen('END', 'There are no plates on your account yet.');
      return listScreen(
        'Your plates:',
        facts.account.plates.map((plate) => plateLine(plate, today)),
        '',
      );
    }
    case 'renewals': {
      if (!facts.account) return screen('END', NOT_LINKED);
      const due = renewalsDue(facts.account.plates, today);
      if (due.length === 0)
        return screen('END', 'None of your plates is due for renewal. Renewal opens 90 days before a plate expires.');
      return listScreen(
        'Renewal due:',
        due.map((plate) => `${plate.plateNumber} by ${formatDay(plate.expiryDate)}`),
        `Pay ${formatKwacha(facts.account.renewalFee)} each by MTN or Airtel Money: Nambala app, My Plates, Renew.`,
      );
    }
    case 'ask-reason':
      return screen(
        'CON',
        `${route.isRetry ? 'Choose 1 or 2.\n' : ''}Report ${route.plateNumber} as:\n1 Stolen\n2 Suspicious (wrong car, altered plate)`,
      );
    case 'report':
      return screen(
        'END',
        facts.reported
          ? `Thank you. Your report of ${route.plateNumber} was sent to the registry. If the vehicle is in front of you, call the police.`
          : CANNOT_ANSWER,
      );
    case 'too-many-tries':
      return screen('END', TOO_MANY_TRIES);
  }
}

/** The SMS answer to a text of a plate number: one SMS (160 septets) at most. */
export const SMS_LIMIT = 160;

export function smsReply(facts: PublicPlateFacts | { problem: string }): string {
  const text =
    'problem' in facts
      ? toGsm7(`Nambala: ${facts.problem}. Text a plate number, e.g. ZM-123-ABC, to check it.`)
      : `Nambala: ${phoneVerdict(facts)}`;
  if (gsm7Length(text) <= SMS_LIMIT) return text;
  let cut = '';
  for (const char of text) {
    if (gsm7Length(cut + char) + 3 > SMS_LIMIT) break;
    cut += char;
  }
  return `${cut.trimEnd()}...`;
}
