// What an audited action reads as on the System Dashboard, in Reports and in their files:
// "Claim CLM-000005 paid", not "insurance.claim.pay 0190f5d2-…". `subject` is the thing the
// action was about, as people know it (a claim's or payment's number, a plate, an account).
// An action without words here still reads as words ("Something else done"), never as a code.

const PHRASES: Readonly<Record<string, (subject: string) => string>> = {
  'account.signup': (s) => `New account signed up${s ? ` (${s})` : ''}`,
  'auth.sign-in': (s) => `Signed in${s ? ` as ${s}` : ''}`,
  'auth.sign-out': () => 'Signed out',
  'password.change': () => 'Password changed',
  'profile.update': () => 'Profile updated',
  'user.add': (s) => `Account ${s} added`,
  'user.edit': (s) => `Account ${s} changed`,
  'user.delete': (s) => `Account ${s} deleted`,
  'request.approve': (s) => `Plate request ${s} approved`,
  'request.reject': (s) => `Plate request ${s} rejected`,
  'request.undo-approve': (s) => `Approval of plate request ${s} undone`,
  'request.undo-reject': (s) => `Rejection of plate request ${s} undone`,
  'payment.approve': (s) => `Payment ${s} received`,
  'payment.decline': (s) => `Payment ${s} declined`,
  'payment.time_out': (s) => `Payment ${s} lapsed`,
  'reservation.cancel': (s) => `Reservation of ${s} cancelled`,
  'plate.held': (s) => `Plate ${s} held for its owner`,
  'plate.released': (s) => `Plate ${s} released`,
  'plate.made': (s) => `Plate ${s} made`,
  'plate.registered': (s) => `Plate ${s} registered`,
  'plate.renewed': (s) => `Plate ${s} renewed`,
  'plate.transferred': (s) => `Plate ${s} transferred`,
  'plate.flag': (s) => `Plate ${s} flagged by an officer`,
  'plate.revoke': (s) => `Plate ${s} revoked`,
  'plate.stolen': (s) => `Plate ${s} reported stolen`,
  'plate.dismiss': (s) => `Flag on plate ${s} dismissed`,
  'settings.pricing': () => 'Prices and fees changed',
  'settings.stock': () => 'Stock thresholds changed',
  'settings.staleness': () => 'Verdict staleness thresholds changed',
  'shop.place': () => 'Plate shop address and hours changed',
  'account.notification-preferences': () => 'Notification preferences changed',
  'inventory.allocation.add': (s) => `Allocation #${s} added`,
  'inventory.allocation.edit': (s) => `Allocation #${s} changed`,
  'inventory.allocation.delete': (s) => `Allocation #${s} deleted`,
  'insurance.customer.add': () => 'Insurance customer added',
  'insurance.customer.edit': () => 'Insurance customer changed',
  'insurance.policy.issue': (s) => `Policy ${s} issued`,
  'insurance.policy.renew': (s) => `Policy ${s} renewed`,
  'insurance.policy.cancel': (s) => `Policy ${s} cancelled`,
  'insurance.claim.submit': (s) => `Claim ${s} submitted`,
  'insurance.claim.edit': (s) => `Claim ${s} changed`,
  'insurance.claim.photo': (s) => `Photo added to claim ${s}`,
  'insurance.claim.assess': (s) => `Claim ${s} under assessment`,
  'insurance.claim.assessment': (s) => `Assessment recorded on claim ${s}`,
  'insurance.claim.approve': (s) => `Claim ${s} approved`,
  'insurance.claim.reject': (s) => `Claim ${s} rejected`,
  'insurance.claim.pay': (s) => `Claim ${s} paid`,
  'vehicle.add': (s) => `Vehicle added${s ? ` (${s})` : ''}`,
  'vehicle.edit': (s) => `Vehicle changed${s ? ` (${s})` : ''}`,
  'vehicle.remove': () => 'Vehicle removed',
  'driver.add': () => 'Driver added',
  'driver.edit': () => 'Driver changed',
  'driver.remove': () => 'Driver removed',
  'fleet.import': () => 'Fleet imported from a file',
  'test.clock': () => 'Test clock moved',
};

/** A subject that is a bare row id means nothing to a reader: it is left out. */
const isRowId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export interface AuditedAction {
  action: string;
  /** The action's subject as people know it, or null. */
  subject: string | null;
  outcome: 'success' | 'failure';
  /** Why a refused action was refused, if recorded. */
  reason?: string | null;
}

/**
 * A refused action says what was tried, not what would have been done: "Password change
 * refused (wrong current password)", never "Refused: password changed".
 */
const ATTEMPTS: Readonly<Record<string, (subject: string) => string>> = {
  'auth.sign-in': (s) => `Sign-in${s ? ` as ${s}` : ''} refused`,
  'account.signup': (s) => `Sign-up${s ? ` (${s})` : ''} refused`,
  'password.change': () => 'Password change refused',
  'password.reset': () => 'Password reset refused',
  'password.reset-requested': (s) => `Password reset link${s ? ` for ${s}` : ''} not sent`,
  'profile.contact': () => 'Email or phone change refused',
  'insurance.policy.refused': (s) => `Policy${s ? ` on ${s}` : ''} refused`,
};

/** Why an action was refused, as the audit records it, in words. */
const REASONS: Readonly<Record<string, string>> = {
  'wrong-credentials': 'wrong email or password',
  locked: 'too many wrong passwords',
  'not-active': 'account not active',
  'too-many-requests': 'too many requests',
  'email-registered': 'email already registered',
  'unusable-link': 'link used or expired',
};

export function activityText({ action, subject, outcome, reason }: AuditedAction): string {
  const shown = subject && !isRowId(subject) ? subject : '';
  const phrase = PHRASES[action];
  const done = phrase ? phrase(shown).replace(/\s+/g, ' ').trim() : fallback(action, shown);
  if (outcome === 'success') return done;
  const why = reason ? ` (${REASONS[reason] ?? reason.replace(/[-_]+/g, ' ')})` : '';
  const attempt = ATTEMPTS[action];
  if (attempt) return `${attempt(shown).replace(/\s+/g, ' ').trim()}${why}`;
  // An action with no words for its refusal still says it was refused, first.
  return `Refused: ${lowerFirst(done)}${why}`;
}

function fallback(action: string, subject: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  const text = words ? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}` : 'Action';
  return subject ? `${text}: ${subject}` : text;
}

const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? `${text[0]?.toLowerCase() ?? ''}${text.slice(1)}` : text;
