// Insurance only with the owner (docs/insurance.md; the brief's "No insider can put a false
// fact into the registry"): who a policy on a plate may be issued to, what the agent is
// told when it may not, when a refused attempt looks like fraud, and the questions an
// account holder answers in their dashboard (a customer link, an owner's consent). Plain
// rules and words, no zod, so the owner's and the agent's screens can use them.
import { formatLusakaDay } from '../dates/calendar-day';
import { isSameNrc } from '../validation/identity-checks';

/** What an agent asks of an account holder: that a customer record is them (link), or that a customer may be insured on their plate (consent). */
export const INSURANCE_REQUEST_KINDS = ['link', 'consent'] as const;
export type InsuranceRequestKind = (typeof INSURANCE_REQUEST_KINDS)[number];

export const INSURANCE_REQUEST_STATUSES = ['Pending', 'Accepted', 'Declined', 'Withdrawn'] as const;
export type InsuranceRequestStatus = (typeof INSURANCE_REQUEST_STATUSES)[number];

/** A question waiting for the signed-in account holder, as their dashboard shows it. */
export interface InsuranceRequest {
  id: string;
  kind: InsuranceRequestKind;
  /** The insurer asking: the agent's business, or their name. */
  insurer: string;
  customerName: string;
  customerNrc: string;
  /** The plate to be insured (consent); null for a link. */
  plateNumber: string | null;
  createdAt: string;
}

/** The owner's consent as the registry holds it for one customer on one plate: the latest question's answer, or none asked. */
export type ConsentState = { status: InsuranceRequestStatus; at: string } | null;

/** Why a policy may be issued: the customer is the owner by NRC, by their accepted account link, or has the owner's consent. */
export type HolderBasis = 'owner-nrc' | 'owner-account' | 'owner-consent';

/** What is missing when a policy may not be issued to the customer. */
export type HolderMissing = 'consent' | 'consent-pending' | 'consent-declined' | 'owner-unreachable';

export type HolderCheck = { ok: true; basis: HolderBasis } | { ok: false; missing: HolderMissing; message: string };

export interface HolderFacts {
  plateNumber: string;
  customer: { name: string; nrc: string; accountId: string | null };
  /** The registry's owner of the plate: their NRC (or company number) and account, if any. */
  owner: { nrc: string; accountId: string | null };
  consent: ConsentState;
}

/** The day in Lusaka of an instant (ISO), as people read it. */
const day = (at: string) => (at === '' ? '' : formatLusakaDay(new Date(at)));

/** The refusal under the plate's field: brief, beside the form's message. */
export const holderFieldMessage = (plateNumber: string, customerName: string) =>
  `${plateNumber} is not registered to ${customerName}.`;

/** The refusal: what is missing, in words naming the plate, the customer and the next step. */
export function holderRefusalMessage(
  missing: HolderMissing,
  plateNumber: string,
  customerName: string,
  at = '',
): string {
  const notTheirs = `${plateNumber} is not registered to ${customerName}: a policy on a plate is issued only to its registered owner (their NRC is on the registration)`;
  switch (missing) {
    case 'consent':
      return `${notTheirs}, or to someone the owner consents to in their Nambala dashboard. Ask the owner's consent, and issue the policy once they accept.`;
    case 'consent-pending':
      return `${notTheirs}. You asked the owner's consent to insure it for ${customerName} on ${day(at)} and they have not answered yet: issue the policy once they accept.`;
    case 'consent-declined':
      return `${notTheirs}. The owner declined to have it insured for ${customerName} on ${day(at)}.`;
    case 'owner-unreachable':
      return `${notTheirs}. Its owner has no Nambala account to give consent, so only the registered owner can be insured on it.`;
  }
}

/**
 * Whether a policy on the plate may be issued to the customer: their NRC is the registered
 * owner's (digits compared), or the owner's account accepted the link to this customer, or
 * the owner accepted the agent's request to insure the plate for them.
 */
export function checkPolicyHolder({ plateNumber, customer, owner, consent }: HolderFacts): HolderCheck {
  if (isSameNrc(customer.nrc, owner.nrc)) return { ok: true, basis: 'owner-nrc' };
  if (owner.accountId !== null && customer.accountId === owner.accountId) return { ok: true, basis: 'owner-account' };
  if (owner.accountId !== null && consent?.status === 'Accepted') return { ok: true, basis: 'owner-consent' };
  const missing: HolderMissing =
    owner.accountId === null
      ? 'owner-unreachable'
      : consent?.status === 'Pending'
        ? 'consent-pending'
        : consent?.status === 'Declined'
          ? 'consent-declined'
          : 'consent';
  return { ok: false, missing, message: holderRefusalMessage(missing, plateNumber, customer.name, consent?.at ?? '') };
}

/** Distinct plates of other people an agent may be refused on in a day before it reads as a pattern. */
export const REFUSED_PLATES_PER_DAY = 3;

/**
 * Why a refused attempt looks like fraud, or null when it looks like an honest slip (a
 * driver's car before the owner was asked). Three signs: the customer carries the registered
 * owner's name under another NRC (posing as the owner); the owner has declined this customer
 * and the agent tries anyway; or the plate is the third of other people's the agent was
 * refused on within a day (`refusedEarlier`: the plates refused before this attempt; raised
 * once, when the third is added).
 */
export function fraudSign(facts: {
  plateNumber: string;
  customerName: string;
  ownerName: string;
  missing: HolderMissing;
  refusedEarlier: readonly string[];
}): string | null {
  const sameName = (a: string) => a.trim().toLowerCase().replace(/\s+/g, ' ');
  if (facts.ownerName.trim() !== '' && sameName(facts.customerName) === sameName(facts.ownerName))
    return 'the customer carries the registered owner’s name under another NRC';
  if (facts.missing === 'consent-declined') return 'the owner had declined to have it insured for this customer';
  const isNewPlate = !facts.refusedEarlier.includes(facts.plateNumber);
  if (isNewPlate && new Set(facts.refusedEarlier).size + 1 === REFUSED_PLATES_PER_DAY)
    return `it makes ${REFUSED_PLATES_PER_DAY} plates of other people this agent was refused on within 24 hours`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Asking and answering

export const consentAskedMessage = (plateNumber: string, customerName: string) =>
  `The owner of ${plateNumber} has been asked to consent to ${customerName} being insured on it. You will be told when they answer; issue the policy once they accept.`;
export const consentNotNeeded = (plateNumber: string, customerName: string) =>
  `${customerName} is the registered owner of ${plateNumber}: no consent is needed. Issue the policy.`;
export const REQUEST_NOT_YOURS = 'This request is not waiting for your answer.';
export const REQUEST_ANSWERED = 'This request has already been answered.';
export const REQUESTS_NEED_CONNECTION =
  'Answering needs a connection. Nothing was changed; try again when you are back online.';

/** The question as the account holder reads it. */
export function requestText(
  request: Pick<InsuranceRequest, 'kind' | 'insurer' | 'customerName' | 'customerNrc' | 'plateNumber'>,
): string {
  if (request.kind === 'link') {
    return `${request.insurer} has recorded you as their customer ${request.customerName} (NRC ${request.customerNrc}). Accept only if that is you: they will then see the plates and vehicles registered to your account.`;
  }
  return `${request.insurer} asks to insure your plate ${request.plateNumber ?? ''} for ${request.customerName} (NRC ${request.customerNrc}), a driver of your vehicle. Accept only if you know them and want their policy on your plate.`;
}

// ---------------------------------------------------------------------------------------------
// Disputes

/** The longest note an owner may send with a dispute. */
export const MAX_DISPUTE_NOTE_LENGTH = 500;
export const POLICY_NOT_ON_YOUR_PLATE = 'This policy is not on one of your plates.';
export const DISPUTES_NEED_CONNECTION =
  'Disputing a policy needs a connection. Nothing was sent; try again when you are back online.';
export const policyAlreadyDisputed = (policyNumber: string, at: string) =>
  `You disputed ${policyNumber} on ${day(at)}: the registry is reviewing it.`;
export const policyDisputedMessage = (policyNumber: string) =>
  `${policyNumber} is disputed: the registry's administrator will review it, and the insurer has been told.`;
