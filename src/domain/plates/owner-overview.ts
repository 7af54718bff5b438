// The owner's Overview (spec: "User dashboard"): the four stat cards and the plates due
// for renewal, from the owner's own plates and vehicles. Pure; `today` is passed in.
import { coverOnDay } from '../registry/cover';
import type { OwnedPlate } from './owned-plate';

/** A registration expiring within this many days is due for renewal (and shown in the banner). */
export const RENEWAL_WINDOW_DAYS = 90;

const DAY_MS = 86_400_000;

/** Whole days from `today` to `date` (both YYYY-MM-DD); negative once past. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

type PlateFacts = Pick<OwnedPlate, 'plateNumber' | 'stage' | 'registration'> & Partial<Pick<OwnedPlate, 'cover'>>;

/** Registered, Valid (not revoked or stolen) and not past its expiry day. */
export function isActivePlate(plate: PlateFacts, today: string): boolean {
  const registration = plate.registration;
  return (
    plate.stage === 'Registered' &&
    registration !== null &&
    registration.standing === 'Valid' &&
    today <= registration.expiryDate
  );
}

export interface RenewalDue {
  plateNumber: string;
  expiryDate: string;
  /** Days left; negative when already expired. */
  daysLeft: number;
}

/**
 * Registered plates in good standing whose registration ends within the renewal window,
 * or has ended: soonest first. Revoked and stolen plates cannot be renewed, so are left out.
 */
export function renewalsDue(
  plates: readonly PlateFacts[],
  today: string,
  windowDays = RENEWAL_WINDOW_DAYS,
): RenewalDue[] {
  return plates
    .flatMap((plate) => {
      const registration = plate.registration;
      if (plate.stage !== 'Registered' || !registration || registration.standing !== 'Valid') return [];
      const daysLeft = daysUntil(registration.expiryDate, today);
      return daysLeft <= windowDays
        ? [{ plateNumber: plate.plateNumber, expiryDate: registration.expiryDate, daysLeft }]
        : [];
    })
    .sort((a, b) => a.daysLeft - b.daysLeft || (a.plateNumber < b.plateNumber ? -1 : 1));
}

/** Whether a policy covers the plate on `today` (a view with no cover says none). */
export function isInsuredOn(plate: Partial<Pick<OwnedPlate, 'cover'>>, today: string): boolean {
  return coverOnDay(plate.cover ?? [], today) !== 'none';
}

export interface OwnerOverview {
  /** Registered, valid and unexpired plates. */
  activePlates: number;
  /** Vehicles in the owner's fleet. */
  fleetVehicles: number;
  /** Plates expiring within 90 days or expired, not yet renewed. */
  pendingRenewals: number;
  /**
   * Of the owner's registered plates (not revoked or stolen) and their vehicles without a
   * registered plate, the percentage in good standing; null when they have neither.
   */
  complianceScore: number | null;
  /**
   * What the score counted: items in good standing, and all items; of those against it,
   * active plates with no valid insurance and vehicles with no registered plate.
   */
  compliance: { compliant: number; counted: number; uninsured: number; unplated: number };
}

/**
 * The Compliance Score (docs/owner-dashboard.md): every registered plate that is not
 * revoked or stolen counts once, compliant when its registration is valid and unexpired
 * and a policy covers it today (a plate with no valid insurance may not be driven);
 * every vehicle that carries no registered plate of the owner's counts once, never
 * compliant (it cannot be driven legally). Revoked and stolen plates are left out: the
 * owner cannot put them right, and counting them would punish a theft victim.
 */
export function ownerOverview(
  plates: readonly PlateFacts[],
  vehicles: readonly { plateNumber: string | null }[],
  today: string,
): OwnerOverview {
  const registered = plates.filter((plate) => plate.stage === 'Registered' && plate.registration !== null);
  const standingPlates = registered.filter((plate) => plate.registration?.standing === 'Valid');
  const activePlates = standingPlates.filter((plate) => isActivePlate(plate, today));
  const registeredNumbers = new Set(standingPlates.map((plate) => plate.plateNumber));
  const unplated = vehicles.filter(
    (vehicle) => vehicle.plateNumber === null || !registeredNumbers.has(vehicle.plateNumber),
  ).length;
  const counted = standingPlates.length + unplated;
  const compliant = activePlates.filter((plate) => isInsuredOn(plate, today)).length;
  return {
    activePlates: activePlates.length,
    fleetVehicles: vehicles.length,
    pendingRenewals: renewalsDue(plates, today).length,
    complianceScore: counted === 0 ? null : Math.round((100 * compliant) / counted),
    compliance: { compliant, counted, uninsured: activePlates.length - compliant, unplated },
  };
}
