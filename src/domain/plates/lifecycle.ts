// One plate, one life (docs/plate-lifecycle.md): the stages a plate handed out through
// Nambala goes through, who moves it on, and what its owner and a roadside check are told
// at each. Pure: the server applies these rules inside its transactions, the app shows them.
import type { ManufacturingStatus } from '../statuses/statuses';

/**
 * Held: the number is the owner's (bought, or allocated to an approved application) and a
 * shop is to make it. Made: the shop has made the plate. Registered: the shop's whitebook
 * sale fitted it to a vehicle and the registry issued its signed credential.
 */
export const PLATE_STAGES = ['Held', 'Made', 'Registered'] as const;
export type PlateStage = (typeof PLATE_STAGES)[number];

export const PLATE_SOURCES = ['marketplace', 'application'] as const;
export type PlateSource = (typeof PLATE_SOURCES)[number];

/** Manufacturing statuses that mean the plate physically exists. In Production does not. */
const MADE_STATUSES: readonly ManufacturingStatus[] = ['Printed', 'Ready for Collection', 'Collected'];

export function isMadeStatus(status: ManufacturingStatus): boolean {
  return MADE_STATUSES.includes(status);
}

/** The stage a manufacturing record moves a plate to; a plate never moves back. */
export function stageAfterManufacturing(stage: PlateStage, status: ManufacturingStatus): PlateStage {
  return stage === 'Held' && isMadeStatus(status) ? 'Made' : stage;
}

/** How a not-yet-issued plate reads in a roadside check and in the registry copy. */
export type UnissuedStanding = 'Allocated' | 'Made';

export function unissuedStanding(stage: Exclude<PlateStage, 'Registered'>): UnissuedStanding {
  return stage === 'Held' ? 'Allocated' : 'Made';
}

/** The headline of a check of a number that is held for an owner but not fitted to a vehicle. */
export function unissuedHeadline(standing: UnissuedStanding): string {
  return standing === 'Allocated' ? 'Allocated, not yet issued' : 'Made, not yet issued';
}

export function unissuedExplanation(standing: UnissuedStanding): string {
  const made =
    standing === 'Allocated' ? 'its plate has not been made yet' : 'its plate has been made but not yet handed over';
  return `This number belongs to an owner and ${made}. It is not registered to any vehicle yet: a vehicle showing it on the road is not registered.`;
}

/**
 * Where an owner's plate stands, in the words of My Plates & Orders. The manufacturing
 * status is the shop's latest record for the plate, if any.
 */
export type PlateProgress = 'Paid' | 'Being made' | 'Ready for collection' | 'Collected' | 'Registered';

export function plateProgress(stage: PlateStage, manufacturing: ManufacturingStatus | null): PlateProgress {
  if (stage === 'Registered') return 'Registered';
  switch (manufacturing) {
    case 'Collected':
      return 'Collected';
    case 'Ready for Collection':
      return 'Ready for collection';
    case 'In Production':
    case 'Printed':
      return 'Being made';
    default:
      return stage === 'Made' ? 'Being made' : 'Paid';
  }
}

/** Plate makers work Monday to Friday; production takes 3–5 business days (spec), so collection is promised after 5. */
const PRODUCTION_BUSINESS_DAYS = 5;

/** The day (YYYY-MM-DD, UTC) a plate ordered at `at` can be collected: `businessDays` working days later. */
export function collectionDateAfter(at: Date, businessDays = PRODUCTION_BUSINESS_DAYS): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  let left = businessDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}
