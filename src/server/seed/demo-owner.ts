/**
 * The demo buyer's registered plates, made the way every plate is: a paid application
 * approved by the administrator (decideApplications), the shop's manufacturing record and its
 * whitebook sale with the vehicle (the shop's own intents, applied as a push applies them),
 * so the registry, the credentials, the shop's records and the owner's dashboard all come
 * from the lifecycle code. One registration ends within 90 days, so the renewals banner
 * has something to say; a small fleet with two drivers is saved as the owner's device saves
 * it. All in one transaction, once per database.
 */
import type { WhitebookEntry } from '#domain/agent/workspace';
import type { FastifyBaseLogger } from 'fastify';
import type { Signer } from '../credentials/key-store';
import type { Database } from '../db/database';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { metaRepository } from '../repositories/meta-repository';
import { applicationRepository } from '../repositories/application-repository';
import { userRepository } from '../repositories/user-repository';
import { decideApplicationsIn } from '../applications/application-decisions';
import { recordManufacturing, recordWhitebookEntry } from '../sync/agent-intents';
import { demoPlateSerials } from './demo-inventory';
import { saveDriver, saveVehicle } from '../sync/fleet-intents';
import { fleetRepository } from '../repositories/fleet-repository';
import { actor, type IntentContext } from '../sync/intent';
import { type DemoRequest, insertDemoApplication } from './demo-requests';

export const DEMO_OWNER_SEED_VERSION = '1';

const DAY_MS = 24 * 3600 * 1000;
const day = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** The same calendar day `years` earlier (28 February for a 29 February). */
function yearsBefore(date: string, years: number): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year - years, month, 0)).getUTCDate();
  return new Date(Date.UTC(year - years, month - 1, Math.min(dayOfMonth, last))).toISOString().slice(0, 10);
}

interface DemoRegistration {
  n: number;
  vehicle: {
    make: string;
    model: string;
    colour: string;
    year: number;
    chassisNumber: string;
    registrationNumber: string;
  };
  /** The sale (and so the registration) this many days ago. */
  soldDaysAgo: number;
}

const APPLICANT: Omit<DemoRequest, 'vehicle' | 'hoursAgo'> = {
  account: 'buyer',
  applicant: 'Mwila Banda',
  nrc: '123456/78/9',
  phone: '+260971234567',
  email: 'buyer@nambala.zm',
  address: 'Plot 12, Kabulonga Road, Lusaka',
  quantity: 1,
  plateType: 'Standard',
  color: 'White',
  specialRequests: '',
  method: 'airtel',
  paid: true,
  status: 'Pending',
};

/**
 * Two registrations: one a little over four years old, and one whose five years end in
 * 45 days (sold five years less 45 days ago).
 */
function registrations(today: string, now: Date): DemoRegistration[] {
  const soonDaysAgo = Math.round((now.getTime() - Date.parse(`${yearsBefore(today, 5)}T12:00:00Z`)) / DAY_MS) - 45;
  return [
    {
      n: 21,
      vehicle: {
        make: 'Toyota',
        model: 'Hilux',
        colour: 'White',
        year: 2022,
        chassisNumber: 'AHTFR22G807712345',
        registrationNumber: 'BAK 3012',
      },
      soldDaysAgo: 200,
    },
    {
      n: 22,
      vehicle: {
        make: 'Nissan',
        model: 'Navara',
        colour: 'Grey',
        year: 2019,
        chassisNumber: 'MNTCB4D23Z0145678',
        registrationNumber: 'ALB 7731',
      },
      soldDaysAgo: soonDaysAgo,
    },
  ];
}

export async function seedDemoOwner(
  db: Database,
  signer: Signer,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<boolean> {
  // One transaction under the seeding lock: two instances starting together seed once, and a
  // start interrupted half way leaves nothing half made.
  const seeded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const meta = metaRepository(tx);
    if ((await meta.get('demo_owner')) === DEMO_OWNER_SEED_VERSION) return false;
    const users = userRepository(tx);
    const buyer = (await users.findCredentials('buyer@nambala.zm'))?.user;
    const admin = (await users.findCredentials('admin@nambala.zm'))?.user;
    const agent = (await users.findCredentials('agent@nambala.zm'))?.user;
    if (!buyer || !admin || !agent) return false;
    const today = now.toISOString().slice(0, 10);
    const shopContext: IntentContext = { tx, user: agent, ip: '127.0.0.1', log, signer, now: () => now };

    for (const [index, registration] of registrations(today, now).entries()) {
      const appliedAt = new Date(now.getTime() - (registration.soldDaysAgo + 10) * DAY_MS);
      const vehicleText = `${registration.vehicle.make} ${registration.vehicle.model} (${registration.vehicle.colour.toLowerCase()})`;
      // 1. The paid application. 2. The administrator's approval: a number allocated, held for the buyer, a shop order.
      const request = await insertDemoApplication(
        tx,
        buyer.id,
        { ...APPLICANT, vehicle: vehicleText, hoursAgo: 0 },
        registration.n,
        appliedAt,
      );
      if (!request) continue;
      await decideApplicationsIn(tx, {
        adminId: admin.id,
        ids: [request.id],
        decision: 'approve',
        ip: '127.0.0.1',
        at: new Date(appliedAt.getTime() + DAY_MS / 2),
        // Decided long ago: told at the time, nothing left to undo.
        undoable: false,
      });
      const [plate] = (await applicationRepository(tx).platesOf([request.id])).get(request.id) ?? [];
      if (!plate) continue;
      // 3. The shop's records, applied as the shop's push applies them.
      const plateNumber = plate.plateNumber as WhitebookEntry['plateNumber'];
      await recordManufacturing.apply(shopContext, {
        id: demoRecordId(registration.n, 1),
        plateNumber,
        status: 'Collected',
        batchNumber: `B-DEMO-${registration.n}`,
        productionDate: day(now, -registration.soldDaysAgo - 2),
        notes: '',
        ...demoPlateSerials(index),
      });
      await recordWhitebookEntry.apply(shopContext, {
        id: demoRecordId(registration.n, 2),
        plateNumber,
        vehicleMake: registration.vehicle.make,
        vehicleModel: registration.vehicle.model,
        vehicleColour: registration.vehicle.colour,
        vehicleYear: registration.vehicle.year,
        chassisNumber: registration.vehicle.chassisNumber,
        ownerName: APPLICANT.applicant,
        ownerNrc: APPLICANT.nrc,
        saleDate: day(now, -registration.soldDaysAgo),
        registrationNumber: registration.vehicle.registrationNumber,
        entitlementReference: plate.orderId ?? request.reference,
      });
    }
    await seedDemoFleet({ tx, user: buyer, ip: '127.0.0.1', log, signer: null, now: () => now });
    await meta.set('demo_owner', DEMO_OWNER_SEED_VERSION);
    return true;
  });
  if (seeded) log.info('demo owner plates seeded');
  return seeded;
}

const DRIVERS = [
  { n: 31, name: 'Joseph Phiri', licenceNumber: 'ZL2019456', phone: '+260977123456' },
  { n: 32, name: 'Grace Tembo', licenceNumber: 'ZL2021789', phone: '+260966654321' },
];

/**
 * A small fleet with drivers, saved the way the owner's device pushes them: two drivers,
 * one on each registered vehicle (the shop's sales put the plates on them), and a van still
 * waiting for its plate.
 */
async function seedDemoFleet(context: IntentContext): Promise<void> {
  const owner = actor(context);
  for (const driver of DRIVERS)
    await saveDriver.apply(context, {
      id: demoRecordId(driver.n, 0),
      name: driver.name,
      licenceNumber: driver.licenceNumber,
      phone: driver.phone,
    });
  const vehicles = await fleetRepository(context.tx).listVehicles(owner.id);
  for (const [index, vehicle] of vehicles.entries()) {
    const driver = DRIVERS[index % DRIVERS.length];
    if (!driver || vehicle.driverId !== null) continue;
    await saveVehicle.apply(context, { ...vehicle, driverId: demoRecordId(driver.n, 0) });
  }
  if (!vehicles.some((vehicle) => vehicle.chassisNumber === DEMO_VAN.chassisNumber)) {
    await saveVehicle.apply(context, {
      id: demoRecordId(33, 0),
      ...DEMO_VAN,
      plateNumber: null,
      driverId: demoRecordId(32, 0),
    });
  }
}

const DEMO_VAN = { make: 'Toyota', model: 'Hiace', year: 2017, colour: 'Silver', chassisNumber: 'JTFSS22P900123456' };

/** Fixed ids, so the shop's records are stored once however often the seed runs. */
function demoRecordId(n: number, kind: number): string {
  return `0190f5d2-0007-7000-8000-${String(n * 10 + kind).padStart(12, '0')}`;
}
