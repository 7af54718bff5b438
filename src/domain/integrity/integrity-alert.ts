// What the registry refused an insider, or wants a second look at: the alerts an
// administrator reviews on the Compliance page (docs/plate-lifecycle.md, "No insider can
// put a false fact into the registry"), and the words the refused insider is told.

export const INTEGRITY_ALERT_KINDS = [
  'nrc-mismatch',
  'sale-wrong-number',
  'sale-not-given',
  'manufacturing-not-given',
  'blank-serial',
  'blank-serial-gap',
  'unusual-lookups',
  'policy-disputed',
  'policy-not-owner',
  'registration-reported',
  'revoked-key-credentials',
  'phone-report',
] as const;
export type IntegrityAlertKind = (typeof INTEGRITY_ALERT_KINDS)[number];

/** How the queue names each kind. */
export const INTEGRITY_ALERT_LABELS: Readonly<Record<IntegrityAlertKind, string>> = {
  'nrc-mismatch': 'NRC does not match',
  'sale-wrong-number': 'Sale against another number’s order',
  'sale-not-given': 'Sale of a number not given to the shop',
  'manufacturing-not-given': 'Manufacturing of a number not given to the shop',
  'blank-serial': 'Blank not delivered to the shop, or used twice',
  'blank-serial-gap': 'Blanks unaccounted for',
  'unusual-lookups': 'Unusual number of owner lookups',
  'policy-disputed': 'Policy disputed by the owner',
  'policy-not-owner': 'Policy for someone other than the owner',
  'registration-reported': 'Registration reported by the owner',
  'revoked-key-credentials': 'Credentials under a revoked key',
  'phone-report': 'Plate reported by phone (USSD)',
};

/** Alerts about a registration that was made: the administrator may revoke it as made in error. */
export const REVOCABLE_ALERT_KINDS: ReadonlySet<IntegrityAlertKind> = new Set(['registration-reported']);

export const INTEGRITY_ALERT_STATUSES = ['Open', 'Reviewed'] as const;
export type IntegrityAlertStatus = (typeof INTEGRITY_ALERT_STATUSES)[number];

/** An alert as an administrator's device keeps it. */
export interface IntegrityAlert {
  id: string;
  kind: IntegrityAlertKind;
  /** The shop, officer or insurer whose act raised it; null for a member of the public. */
  subjectId: string | null;
  subjectName: string | null;
  plateNumber: string | null;
  summary: string;
  /** What was sent and what it was compared with, as text for the reviewer. */
  evidence: Record<string, string>;
  status: IntegrityAlertStatus;
  reviewNote: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// What the shop is told when the registry refuses its record

/** A sale whose order is for other numbers. */
export const saleWrongNumber = (reference: string, plateNumber: string, numbers: readonly string[]) =>
  `${reference} is for ${numbers.join(', ')}, not ${plateNumber}. A plate is sold only against the order for that number: pick the order for ${plateNumber}, or check the number.`;

/** A sale whose owner NRC is not the one on the order (the order's NRC is never repeated). */
export const saleNrcMismatch = (reference: string) =>
  `The owner's NRC does not match the NRC on ${reference}. A plate is registered only to the person it was issued to: check the NRC card, and if it is another person's, do not record the sale.`;

/** A sale against an order that names no NRC to check. */
export const saleNrcMissing = (reference: string) =>
  `${reference} does not name its owner's NRC, so the sale cannot be checked. Ask the registry to complete the order before recording the sale.`;

/** Manufacturing of a number the shop was never given. */
export const manufacturingNotGiven = (plateNumber: string) =>
  `${plateNumber} is not a number this shop was given to make. Plates are made only for the numbers on the shop's orders: check the number on the order.`;

/** Any record from a shop whose right to record is suspended. */
export const recordingSuspended = (reason: string) =>
  `This shop's right to record is suspended by the registry: ${reason}. Records are refused until the registry lifts the suspension.`;

export const ALERT_ALREADY_REVIEWED = 'This alert has already been reviewed.';
export const REVIEW_NOTE_REQUIRED = 'Please write what you found';

export const SUSPENSION_REASON_REQUIRED = 'Please give the reason the shop is told';
export const NOT_A_SHOP = 'Only a plate shop’s right to record can be suspended.';
