// A fleet vehicle's compliance (the spec's Good / Warning): Good only when the vehicle
// carries a registered plate that is Valid and stays valid for more than 30 days after
// today; Warning otherwise, with the reason in words. docs/fleet.md explains the rule.
import { countOf, durationInWords } from '../dates/duration';
import { daysUntil } from '../plates/owner-overview';
import type { RegistryStanding } from '../registry/registry-copy';

/** Days of validity left below which a vehicle is flagged for renewal. */
export const RENEWAL_WARNING_DAYS = 30;

export type ComplianceStatus = 'Good' | 'Warning';
export const COMPLIANCE_STATUSES = ['Good', 'Warning'] as const satisfies readonly ComplianceStatus[];

export interface FleetCompliance {
  status: ComplianceStatus;
  reason: string;
}

/** The plate on the vehicle as its owner's store holds it (src/domain/plates/owned-plate.ts). */
export interface CompliancePlate {
  plateNumber: string;
  registration: { expiryDate: string; standing: RegistryStanding } | null;
}

const dayWord = (days: number) => countOf(days, 'day');

/**
 * The vehicle's compliance on `today` (YYYY-MM-DD). `plateNumber` is the plate on the
 * vehicle (null: none); `plate` is that plate among the owner's plates (undefined when the
 * owner's store does not hold it).
 */
export function fleetCompliance(
  plateNumber: string | null,
  plate: CompliancePlate | undefined,
  today: string,
): FleetCompliance {
  if (plateNumber === null) return { status: 'Warning', reason: 'No plate on this vehicle' };
  const registration = plate?.registration ?? null;
  if (registration === null) return { status: 'Warning', reason: `Plate ${plateNumber} is not registered yet` };
  if (registration.standing === 'Revoked')
    return { status: 'Warning', reason: `Plate ${plateNumber} has been revoked` };
  if (registration.standing === 'Stolen')
    return { status: 'Warning', reason: `Plate ${plateNumber} is reported stolen` };
  const left = daysUntil(registration.expiryDate, today);
  // The expiry date is the last day the registration is valid.
  if (left < 0) return { status: 'Warning', reason: `Registration expired ${dayWord(-left)} ago` };
  if (left === 0) return { status: 'Warning', reason: 'Registration expires today' };
  if (left <= RENEWAL_WARNING_DAYS) return { status: 'Warning', reason: `Registration expires in ${dayWord(left)}` };
  return { status: 'Good', reason: `Registered and valid, ${durationInWords(today, registration.expiryDate)} left` };
}
