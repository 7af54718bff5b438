// Where a registered plate stands, as its owner's certificate card shows it: the registry's
// standing, the device's revocation list (it may be newer than the owner's copy of the
// plate), and the expiry date judged against today, with a warning in the last 90 days.
import type { PlateRegistration } from '../plates/owned-plate';

export const CERTIFICATE_STANDINGS = ['Valid', 'Expires soon', 'Expired', 'Revoked', 'Stolen'] as const;
export type CertificateStanding = (typeof CERTIFICATE_STANDINGS)[number];

/** From this many days before the expiry date (inclusive) the card says Expires soon. */
export const EXPIRES_SOON_DAYS = 90;

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  const ms = Date.parse(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Expected a YYYY-MM-DD date, got '${isoDate}'`);
  return Math.round(ms / DAY_MS);
}

/** Whole days from `today` to the expiry date: 0 on the last valid day, negative once expired. */
export function daysUntilExpiry(expiryDate: string, today: string): number {
  return dayNumber(expiryDate) - dayNumber(today);
}

/**
 * Revoked and Stolen win over dates (a stolen plate is Stolen whether or not it has
 * expired), as at the roadside. The expiry date is the last valid day.
 */
export function certificateStanding(
  registration: Pick<PlateRegistration, 'standing' | 'expiryDate'>,
  today: string,
  revocation?: 'Revoked' | 'Stolen' | null,
): CertificateStanding {
  const withdrawn = revocation ?? (registration.standing === 'Valid' ? null : registration.standing);
  if (withdrawn) return withdrawn;
  const days = daysUntilExpiry(registration.expiryDate, today);
  if (days < 0) return 'Expired';
  return days <= EXPIRES_SOON_DAYS ? 'Expires soon' : 'Valid';
}
