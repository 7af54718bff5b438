// A plate's public verdict in words for a plain phone (a USSD screen, an SMS reply): the
// verification page's headline for each verdict, with what a buyer at a market should do,
// and the registered vehicle to compare with the car. Public tier only: never an owner.
import { verdictHeadline } from '../credential/presentation';
import type { RegistryVerdict } from '../credential/verdict';
import { formatDay } from '../dates/calendar-day';
import { toGsm7 } from './gsm7';

export interface PublicPlateFacts {
  plateNumber: string;
  verdict: RegistryVerdict['verdict'];
  /** The registered vehicle; null for a number with no registration. */
  vehicle: { make: string; model: string; colour: string } | null;
  /** The registration's last valid day (YYYY-MM-DD); null with no registration. */
  expiryDate: string | null;
}

export const vehicleWords = (vehicle: { make: string; model: string; colour: string }): string =>
  `${vehicle.colour} ${vehicle.make} ${vehicle.model}`;

/** What the verdict means to a buyer, in one sentence ("Valid until 20 Jan 2027, White Toyota Hilux"). */
export function verdictWords(facts: PublicPlateFacts): string {
  const vehicle = facts.vehicle ? vehicleWords(facts.vehicle) : null;
  const withVehicle = (words: string) => (vehicle ? `${words}. Registered to a ${vehicle}` : words);
  switch (facts.verdict) {
    case 'Valid':
      return vehicle
        ? `Valid until ${formatDay(facts.expiryDate)}, ${vehicle}`
        : `Valid until ${formatDay(facts.expiryDate)}`;
    case 'Expired':
      return withVehicle(`${verdictHeadline('Expired')} on ${formatDay(facts.expiryDate)}`);
    case 'Stolen':
      return withVehicle(`${verdictHeadline('Stolen')} — do not buy, call the police`);
    case 'Revoked':
      return withVehicle(`${verdictHeadline('Revoked')} — do not buy, it is not a legal plate`);
    case 'Not yet issued':
      return `${verdictHeadline('Not yet issued')} — no vehicle is registered with it`;
    case 'Unknown plate':
      return 'Unknown — not in the registry. Check the number';
  }
}

/** The verdict as a phone shows it, in the GSM alphabet: "ZM-789-GHI: Reported stolen - do not buy, ...". */
export function phoneVerdict(facts: PublicPlateFacts): string {
  return toGsm7(`${facts.plateNumber}: ${verdictWords(facts)}`);
}
