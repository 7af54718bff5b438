// A registration issued again (a transfer to a new owner, a renewal): the date the new
// registration carries. Devices tell an old QR code from the new one by that date alone
// (a revocation-list entry with `supersededBefore`, src/domain/credential/verdict.ts),
// so the new one must be dated strictly after the one it replaces.
import { dateFromDays, daysSinceEpoch } from '../credential/credential-dates';

/**
 * The re-issue is dated `today`; when the registration it replaces already carries
 * `today` or a later date (registered or re-issued earlier the same day), the day after
 * that registration instead, so the older credential still reads as replaced.
 */
export function reissueDate(today: string, currentRegistrationDate: string): string {
  if (today > currentRegistrationDate) return today;
  return dateFromDays(daysSinceEpoch(currentRegistrationDate) + 1);
}
