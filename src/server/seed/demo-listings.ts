/**
 * The marketplace part of the demo data set: plates for sale, in the spirit of the
 * prototype's samples (ZMW 1,500–5,500, every type, some reserved or sold).
 */
import type { PlateListing } from '#domain/marketplace/listing';
import { kwacha } from '#domain/money/money';
import type { MarketplacePlateType, PlateStatus } from '#domain/statuses/statuses';

type Row = [
  number: string,
  price: number,
  type: MarketplacePlateType,
  status: PlateStatus,
  featured: boolean,
  description: string,
];

const rows: Row[] = [
  ['ZM-777-VIP', 5500, 'Premium', 'Available', true, 'Triple sevens: the luckiest premium plate on offer.'],
  ['ZM-888-GLD', 5000, 'Premium', 'Available', true, 'Triple eights for prosperity, a gold-series premium plate.'],
  ['ZM-001-ABC', 3500, 'Personalized', 'Available', true, 'The first number of the series, easy to remember.'],
  ['ZM-100-LSK', 2500, 'Private', 'Available', false, 'A round number with the Lusaka suffix.'],
  ['ZM-123-CBU', 2200, 'Private', 'Available', false, 'An easy sequence for a private car.'],
  ['ZM-999-KTW', 4800, 'Premium', 'Reserved', true, 'Triple nines with the Kitwe suffix.'],
  ['ZM-555-NDL', 3900, 'Personalized', 'Available', false, 'Triple fives with the Ndola suffix.'],
  ['ZM-202-BUS', 1800, 'Commercial', 'Available', false, 'A commercial plate for a bus or minibus operator.'],
  ['ZM-310-TRK', 1700, 'Commercial', 'Available', false, 'A commercial plate for a truck fleet.'],
  ['ZM-450-CAB', 1600, 'Commercial', 'Sold', false, 'A commercial plate for a taxi.'],
  ['ZM-000-GRZ', 4500, 'Government', 'Available', false, 'A government-series plate for an approved institution.'],
  ['ZM-610-GOV', 2800, 'Government', 'Available', false, 'A government-series plate.'],
  ['ZM-012-CD', 4200, 'Diplomatic', 'Available', true, 'A diplomatic-corps plate for an accredited mission.'],
  ['ZM-045-CD', 3800, 'Diplomatic', 'Reserved', false, 'A diplomatic-corps plate.'],
  ['ZM-222-MAX', 3100, 'Personalized', 'Available', false, 'Triple twos, short and bold.'],
  ['ZM-333-LIV', 2900, 'Personalized', 'Available', false, 'Triple threes with the Livingstone suffix.'],
  ['ZM-444-CHP', 2700, 'Private', 'Available', false, 'Triple fours with the Chipata suffix.'],
  ['ZM-111-ONE', 4100, 'Premium', 'Sold', false, 'Triple ones: number one, three times.'],
  ['ZM-666-KAB', 2600, 'Private', 'Available', false, 'Triple sixes with the Kabwe suffix.'],
  ['ZM-708-SOL', 1500, 'Private', 'Available', false, 'An affordable private plate.'],
  ['ZM-321-MNG', 1900, 'Private', 'Available', false, 'A countdown sequence with the Mongu suffix.'],
  ['ZM-512-KSM', 2000, 'Commercial', 'Available', false, 'A commercial plate with the Kasama suffix.'],
  ['ZM-777-ZED', 5200, 'Premium', 'Available', true, 'Triple sevens with the ZED suffix.'],
  ['ZM-909-SLW', 2300, 'Private', 'Reserved', false, 'A palindrome number with the Solwezi suffix.'],
];

export const DEMO_LISTINGS: readonly PlateListing[] = rows.map(
  ([number, price, type, status, featured, description], index) => ({
    id: `PL-${String(index + 1).padStart(3, '0')}`,
    number,
    price: kwacha(price),
    type,
    status,
    featured,
    description,
  }),
);
