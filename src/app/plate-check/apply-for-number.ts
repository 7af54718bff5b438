// The wizard's address with a number chosen: the home page's check links to it and the
// wizard reads it. Apart from number-availability.ts so the wizard's first load needs no API code.
import { paths } from '../config/paths';

export const CHOSEN_NUMBER_PARAM = 'number';

/** The wizard, opened with this number chosen (it reads ?number=). */
export function applyForNumberPath(plateNumber: string): string {
  return `${paths.buyProcess}?${CHOSEN_NUMBER_PARAM}=${encodeURIComponent(plateNumber)}`;
}
