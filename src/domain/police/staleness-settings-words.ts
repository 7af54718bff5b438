// The staleness settings in the administrator's words: the fields' labels, the rule between
// them, and a threshold in hours or days. Apart from staleness-settings.ts, which the
// verification page loads at its start.
import type { StalenessSettings } from './staleness-settings';

export const STALENESS_LABELS: Record<keyof StalenessSettings, string> = {
  cautionAfterHours: 'Caution after',
  unconfirmedAfterHours: 'Cannot confirm offline after',
};
export const STALENESS_ORDER_MESSAGE =
  'Cannot confirm offline after must be longer than Caution after: the caution comes first';

/** "24 hours", "7 days", "36 hours": a threshold as the settings page and docs say it. */
export function hoursText(hoursCount: number): string {
  if (hoursCount % 24 === 0) {
    const days = hoursCount / 24;
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  return `${hoursCount} ${hoursCount === 1 ? 'hour' : 'hours'}`;
}
