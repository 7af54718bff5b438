/**
 * The registry part of the demo data set: tens of thousands of issued plates, so
 * sizes and speeds are real. Generated from a fixed seed, so every fresh start holds
 * the same plates; dates are relative to the day of seeding, so some are expired.
 */
import type { PlateToIssue } from '#domain/registry/registered-plate';

/** Plates with a known story, named in the README so anyone can try each verdict. */
export const DEMO_KNOWN_PLATES: readonly PlateToIssue[] = [
  {
    plateNumber: 'ZM-123-ABC',
    make: 'Toyota',
    model: 'Corolla',
    colour: 'Silver',
    year: 2019,
    chassisNumber: 'JTDBR32E720123456',
    ownerName: 'Mwila Banda',
    ownerNrc: '204518/10/1',
    registrationDate: '2024-03-15',
  },
  {
    plateNumber: 'ZM-456-DEF',
    make: 'Nissan',
    model: 'X-Trail',
    colour: 'White',
    year: 2016,
    chassisNumber: 'JN1TANT31U0456789',
    ownerName: 'Chipo Mumba',
    ownerNrc: '118822/61/1',
    registrationDate: '2020-06-01',
  },
  {
    plateNumber: 'ZM-789-GHI',
    make: 'Toyota',
    model: 'Hilux',
    colour: 'White',
    year: 2021,
    chassisNumber: 'AHTFR22G807789012',
    ownerName: 'Joseph Lungu',
    ownerNrc: '337105/11/1',
    registrationDate: '2023-09-20',
    standing: 'Stolen',
  },
  {
    plateNumber: 'ZM-321-XYZ',
    make: 'Honda',
    model: 'Fit',
    colour: 'Blue',
    year: 2014,
    chassisNumber: 'GK31234567',
    ownerName: 'Ruth Daka',
    ownerNrc: '450921/67/1',
    registrationDate: '2022-11-02',
    standing: 'Revoked',
  },
];

const VEHICLES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Toyota', ['Corolla', 'Hilux', 'Vitz', 'Land Cruiser', 'RAV4', 'Fortuner', 'Axio', 'Premio', 'Hiace', 'Noah']],
  ['Nissan', ['X-Trail', 'Navara', 'Note', 'March', 'Hardbody', 'Caravan']],
  ['Honda', ['Fit', 'CR-V', 'Civic', 'Vezel']],
  ['Mazda', ['Demio', 'CX-5', 'BT-50', 'Axela']],
  ['Mitsubishi', ['Pajero', 'L200', 'Outlander', 'Canter']],
  ['Isuzu', ['D-Max', 'KB', 'NPR']],
  ['Ford', ['Ranger', 'Everest', 'EcoSport']],
  ['Mercedes-Benz', ['C-Class', 'E-Class', 'Sprinter', 'Actros']],
  ['Volkswagen', ['Polo', 'Golf', 'Amarok']],
  ['Suzuki', ['Swift', 'Jimny', 'Vitara']],
  ['Hyundai', ['Tucson', 'i10', 'H-1']],
  ['Kia', ['Sportage', 'Picanto', 'Rio']],
];
const COLOURS = [
  'White',
  'Silver',
  'Black',
  'Grey',
  'Blue',
  'Red',
  'Green',
  'Maroon',
  'Gold',
  'Beige',
  'Brown',
  'Orange',
];
const FIRST_NAMES = [
  'Mwila',
  'Chanda',
  'Bwalya',
  'Mutale',
  'Natasha',
  'Joseph',
  'Chipo',
  'Ruth',
  'Mulenga',
  'Kelvin',
  'Mercy',
  'Emmanuel',
  'Grace',
  'Brian',
  'Esther',
  'Patrick',
  'Memory',
  'Moses',
  'Agness',
  'Given',
];
const LAST_NAMES = [
  'Banda',
  'Phiri',
  'Mulenga',
  'Mwanza',
  'Zulu',
  'Tembo',
  'Lungu',
  'Daka',
  'Mumba',
  'Sakala',
  'Ngoma',
  'Chanda',
  'Bwalya',
  'Musonda',
  'Kabwe',
  'Mwale',
  'Chileshe',
  'Kunda',
];
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** mulberry32: a small, fast, seeded generator; the same seed gives the same plates. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY_MS = 86_400_000;

/**
 * `count` plates (the known ones first), none of them a number in `exclude` (the
 * marketplace's listings, which are for sale and so not registered). Registration
 * dates spread over the last 5½ years, so about one in eleven has expired; about
 * one in a hundred is revoked or reported stolen.
 */
export function demoRegistryPlates(count: number, today: string, exclude: ReadonlySet<string>): PlateToIssue[] {
  const random = seededRandom(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const plates = DEMO_KNOWN_PLATES.slice(0, count);
  const taken = new Set([...exclude, ...plates.map((plate) => plate.plateNumber)]);
  while (plates.length < count) {
    const digits = String(Math.floor(random() * 1000)).padStart(3, '0');
    const plateNumber = `ZM-${digits}-${pick([...LETTERS])}${pick([...LETTERS])}${pick([...LETTERS])}`;
    if (taken.has(plateNumber)) continue;
    taken.add(plateNumber);
    const [make, models] = pick(VEHICLES);
    const registrationDate = new Date(todayMs - Math.floor(random() * 2008) * DAY_MS).toISOString().slice(0, 10);
    const roll = random();
    const year = Number(registrationDate.slice(0, 4)) - Math.floor(random() * 12);
    plates.push({
      plateNumber,
      make,
      model: pick(models),
      colour: pick(COLOURS),
      year,
      chassisNumber: Array.from({ length: 17 }, () => pick([...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'])).join(''),
      ownerName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      ownerNrc: `${String(100000 + Math.floor(random() * 900000))}/${String(10 + Math.floor(random() * 89))}/1`,
      registrationDate,
      standing: roll < 0.006 ? 'Stolen' : roll < 0.01 ? 'Revoked' : 'Valid',
    });
  }
  return plates;
}
