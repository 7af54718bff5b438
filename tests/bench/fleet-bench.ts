/**
 * Vehicles & Fleet figures for `npm run bench` (`--fleet-only` runs just these): a fleet
 * owner with 5,000 vehicles (500 drivers, a plate on most vehicles) in the device's store.
 * - first page: the page's own query (readFleet: the store read and the join) and its
 *   first page (fleetPage), exactly as the page computes them [≤ 100 ms];
 * - search: fleetPage over the loaded fleet for what a person types, keystroke by
 *   keystroke [≤ 16 ms, one frame];
 * each beside a reference measured in the same run: reading the 5,000 vehicle rows with
 * toArray(), and a plain Array.filter over 5,000 objects.
 *
 * fake-indexeddb stands in for the browser's IndexedDB here (it runs in Node, in memory),
 * so the store figures are the shape of the work rather than a phone's timings; the
 * references show how far the page's work is above the bare read and the bare filter.
 */
import { DEFAULT_FLEET_QUERY, fleetPage } from '#domain/fleet/fleet-list';
import type { LocalDriver, LocalOwnedPlate, LocalVehicle, NambalaDatabase } from '../../src/app/store/database';
import { figureLine, median, ms, type Print } from './figures';

const VEHICLES = 5_000;
const DRIVERS = 500;
const RUNS = 15;
const TODAY = '2026-11-24';
const OWNER = 'USR-042';
const FIRST_PAGE_TARGET_MS = 100;
const SEARCH_TARGET_MS = 16;
/** What a person types into the search box, one keystroke at a time, and a few whole searches. */
const SEARCHES = ['z', 'zm', 'zm-', 'zm-4', 'zm-42', 'zm-421', 'mutale', 'hilux 2019', 'ahtfr', 'warning'];

const MAKES = [
  ['Toyota', 'Hilux'],
  ['Toyota', 'Land Cruiser'],
  ['Isuzu', 'D-Max'],
  ['Nissan', 'X-Trail'],
  ['Mercedes-Benz', 'Actros'],
  ['Volvo', 'FH16'],
] as const;
const COLOURS = ['White', 'Silver', 'Blue', 'Red', 'Grey'];
const FIRST_NAMES = ['Mutale', 'Chanda', 'Bwalya', 'Mwila', 'Natasha', 'Kunda', 'Lubinda', 'Mulenga'];
const LAST_NAMES = ['Banda', 'Phiri', 'Tembo', 'Zulu', 'Mwansa', 'Sakala'];

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const letters = (index: number) =>
  Array.from({ length: 3 }, (_, place) => String.fromCharCode(65 + (Math.floor(index / 26 ** place) % 26))).join('');
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** A fleet as the change log would bring it: vehicles, drivers and the owner's plates, from held to registered. */
async function seed(db: NambalaDatabase): Promise<void> {
  const createdAt = '2026-01-05T08:00:00.000Z';
  const drivers: LocalDriver[] = Array.from({ length: DRIVERS }, (_, index) => ({
    id: `0193a000-0000-7000-8000-${pad(index, 12)}`,
    ownerId: OWNER,
    name: `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[index % LAST_NAMES.length]} ${index}`,
    licenceNumber: `ZM${pad(index, 7)}`,
    phone: `+26097${pad(index, 7)}`,
    createdAt,
    updatedAt: createdAt,
    syncState: 'synced',
  }));
  const plates: LocalOwnedPlate[] = [];
  const vehicles: LocalVehicle[] = [];
  for (let index = 0; index < VEHICLES; index += 1) {
    const [make, model] = MAKES[index % MAKES.length] ?? MAKES[0];
    const chassisNumber = `AHTFR22G9${pad(index, 8)}`;
    // One vehicle in ten has no plate yet; of the rest, most are registered, some expiring or past expiry.
    const plateNumber =
      index % 10 === 0 ? null : `ZM-${pad(index % 1000, 3)}-${letters(Math.floor(index / 1000) + 26 * 26)}`;
    if (plateNumber) {
      const isRegistered = index % 10 !== 1;
      plates.push({
        id: plateNumber,
        plateNumber,
        ownerId: OWNER,
        stage: isRegistered ? 'Registered' : 'Made',
        source: 'marketplace',
        sourceRef: `PO-${pad(index, 6)}`,
        requestReference: null,
        orderId: `ORD-${pad(index, 3)}`,
        shopName: 'Cairo Road Plates',
        collectionDate: null,
        manufacturingStatus: 'Collected',
        heldAt: createdAt,
        madeAt: createdAt,
        registeredAt: isRegistered ? createdAt : null,
        registration: isRegistered
          ? {
              make,
              model,
              colour: COLOURS[index % COLOURS.length] ?? 'White',
              year: 2010 + (index % 15),
              chassisNumber,
              ownerName: 'Lusaka Haulage Ltd',
              ownerNrc: '123456/78/9',
              registrationDate: day(-300),
              expiryDate: day((index % 400) - 40),
              standing: index % 97 === 0 ? 'Stolen' : 'Valid',
              standingChangedAt: null,
              keyId: 1,
              credentialDigits: '7'.repeat(180),
            }
          : null,
        syncState: 'synced',
      });
    }
    vehicles.push({
      id: `0193b000-0000-7000-8000-${pad(index, 12)}`,
      ownerId: OWNER,
      make,
      model,
      year: 2010 + (index % 15),
      colour: COLOURS[index % COLOURS.length] ?? 'White',
      chassisNumber,
      plateNumber,
      driverId: index % 3 === 0 ? null : (drivers[index % DRIVERS]?.id ?? null),
      createdAt,
      updatedAt: new Date(Date.parse(createdAt) + index * 60_000).toISOString(),
      syncState: 'synced',
    });
  }
  await db.drivers.bulkPut(drivers);
  await db.ownedPlates.bulkPut(plates);
  await db.vehicles.bulkPut(vehicles);
}

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export async function fleetFigures(print: Print): Promise<void> {
  // The store's code finds IndexedDB in the global scope, as in the browser: fake-indexeddb is put there first.
  const fake = await import('fake-indexeddb');
  Object.assign(globalThis, { indexedDB: fake.indexedDB, IDBKeyRange: fake.IDBKeyRange });
  const { NambalaDatabase } = await import('../../src/app/store/database');
  const { readFleet } = await import('../../src/app/features/fleet/fleet-query');
  const db = new NambalaDatabase(`fleet-bench-${Date.now()}`);
  try {
    await seed(db);
    const firstPage = async () => {
      const data = await readFleet(db, TODAY, 'Mwila Banda');
      return { data, page: fleetPage(data.rows, DEFAULT_FLEET_QUERY) };
    };
    // The first run opens the database and meets the code for the first time: it is counted, and shown apart.
    const first = await timed(firstPage);
    const cold = first.ms;
    const pageTimes: number[] = [cold];
    let loaded = first.value;
    for (let run = 1; run < RUNS; run += 1) {
      const { ms: took, value } = await timed(firstPage);
      pageTimes.push(took);
      loaded = value;
    }
    if (loaded.page.total !== VEHICLES || loaded.page.rows.length !== DEFAULT_FLEET_QUERY.pageSize)
      throw new Error(`the first page showed ${loaded.page.rows.length} of ${loaded.page.total} vehicles`);

    const readTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) readTimes.push((await timed(() => db.vehicles.toArray())).ms);

    const rows = loaded.data.rows;
    const searchTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      for (const search of SEARCHES)
        searchTimes.push((await timed(() => fleetPage(rows, { ...DEFAULT_FLEET_QUERY, search }))).ms);
    }
    const objects = rows.map((row) => ({ plateNumber: row.vehicle.plateNumber ?? '', make: row.vehicle.make }));
    const filterTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      for (const search of SEARCHES)
        filterTimes.push(
          (
            await timed(() =>
              objects.filter(
                (object) =>
                  object.plateNumber.toLowerCase().includes(search) || object.make.toLowerCase().includes(search),
              ),
            )
          ).ms,
        );
    }

    const worst = (values: number[]) => Math.max(...values);
    print('');
    print(
      `Vehicles & Fleet (${VEHICLES.toLocaleString('en-GB')} vehicles, ${DRIVERS} drivers; fake-indexeddb in Node stands in for IndexedDB)`,
    );
    print(
      figureLine(
        'first page from the store (median)',
        ms(median(pageTimes)),
        { text: `≤ ${FIRST_PAGE_TARGET_MS} ms`, pass: worst(pageTimes) <= FIRST_PAGE_TARGET_MS },
        `worst ${ms(worst(pageTimes))} (the first run ${ms(cold)}) over ${RUNS} runs (target on the worst)`,
      ),
    );
    print(
      figureLine(
        '  reference: vehicles.toArray() of 5,000 rows',
        ms(median(readTimes)),
        null,
        `worst ${ms(worst(readTimes))}`,
      ),
    );
    print(
      figureLine(
        'search, per keystroke (median)',
        ms(median(searchTimes)),
        { text: `≤ ${SEARCH_TARGET_MS} ms`, pass: worst(searchTimes) <= SEARCH_TARGET_MS },
        `worst ${ms(worst(searchTimes))} over ${searchTimes.length} searches (target on the worst)`,
      ),
    );
    print(
      figureLine(
        '  reference: Array.filter over 5,000 objects',
        ms(median(filterTimes)),
        null,
        `worst ${ms(worst(filterTimes))}`,
      ),
    );
  } finally {
    await db.delete();
  }
}
