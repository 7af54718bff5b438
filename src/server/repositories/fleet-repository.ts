/**
 * An owner's vehicles and drivers (Vehicles & Fleet). Every write records the row's change
 * for the owner's devices (scope user:<owner>) in the same transaction. Callers that check
 * before they write (a chassis number or plate not taken) hold the owner's fleet lock
 * first, so two pushes of one owner cannot both pass the same check.
 */
import { randomBytes } from 'node:crypto';
import type {
  OwnerPlateFacts,
  PlateHolder,
  VehicleDetails,
  VehicleInput,
  DriverInput,
} from '#domain/fleet/fleet-input';
import { vehicleLabel } from '#domain/fleet/fleet-input';
import type { Driver, Vehicle } from '#domain/fleet/vehicle';
import { uuidv7 } from '#domain/ids/uuid-v7';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

/** The entity names devices know the rows by (CHANGE_LOG_TABLES in the app's store). */
export const FLEET_ENTITIES = { vehicle: 'vehicle', driver: 'driver' } as const;

/** First key of the per-owner advisory lock (the second is a hash of the owner's id). */
const FLEET_LOCK_KEY = 8_102_026;

const scopesOf = (ownerId: string) => [`user:${ownerId}`];
const iso = (value: Date | string) => new Date(value).toISOString();
const newVehicleId = () => uuidv7(Date.now(), randomBytes(10));

interface VehicleRow {
  id: string;
  owner_id: string;
  make: string;
  model: string;
  year: number | null;
  colour: string;
  chassis_number: string;
  plate_number: string | null;
  driver_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface DriverRow {
  id: string;
  owner_id: string;
  name: string;
  licence_number: string;
  phone: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const toVehicle = (row: VehicleRow): Vehicle => ({
  id: row.id,
  ownerId: row.owner_id,
  make: row.make,
  model: row.model,
  year: row.year,
  colour: row.colour,
  chassisNumber: row.chassis_number,
  plateNumber: row.plate_number,
  driverId: row.driver_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const toDriver = (row: DriverRow): Driver => ({
  id: row.id,
  ownerId: row.owner_id,
  name: row.name,
  licenceNumber: row.licence_number,
  phone: row.phone,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** What a whitebook sale says of the vehicle a registered plate is fitted to. */
export interface SaleVehicle {
  plateNumber: string;
  make: string;
  model: string;
  colour: string;
  year: number;
  chassisNumber: string;
}

export function fleetRepository(db: Queryable) {
  const log = changeLogRepository(db);

  /** Puts many vehicles on their owners' devices in one statement. */
  async function logVehicles(vehicles: readonly Vehicle[]): Promise<void> {
    await log.recordMany(
      vehicles.map((vehicle) => ({
        scopes: scopesOf(vehicle.ownerId),
        entity: FLEET_ENTITIES.vehicle,
        id: vehicle.id,
        op: 'put' as const,
        data: { ...vehicle },
      })),
    );
  }

  async function vehiclesWhere(condition: string, params: readonly unknown[]): Promise<Vehicle[]> {
    return (await db.query<VehicleRow>(`SELECT * FROM vehicles WHERE ${condition}`, params)).map(toVehicle);
  }

  /** Takes a plate off whichever vehicle carries it (other than `keepOn`), telling that vehicle's owner's devices. */
  async function takePlateOff(plateNumber: string, at: Date, keepOn: string | null = null): Promise<Vehicle[]> {
    const rows = await db.query<VehicleRow>(
      'UPDATE vehicles SET plate_number = NULL, updated_at = $2 WHERE plate_number = $1 AND id IS DISTINCT FROM $3 RETURNING *',
      [plateNumber, at, keepOn],
    );
    const changed = rows.map(toVehicle);
    await logVehicles(changed);
    return changed;
  }

  /** Serialises changes to one owner's fleet until the transaction ends. */
  async function lockOwner(ownerId: string): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [FLEET_LOCK_KEY, ownerId]);
  }

  return {
    takePlateOff,
    lockOwner,

    async findVehicle(id: string): Promise<Vehicle | undefined> {
      return (await vehiclesWhere('id = $1', [id]))[0];
    },

    async findDriver(id: string): Promise<Driver | undefined> {
      return (await db.query<DriverRow>('SELECT * FROM drivers WHERE id = $1', [id])).map(toDriver)[0];
    },

    async vehicleWithChassis(ownerId: string, chassisNumber: string): Promise<Vehicle | undefined> {
      return (await vehiclesWhere('owner_id = $1 AND chassis_number = $2', [ownerId, chassisNumber]))[0];
    },

    async driverWithLicence(ownerId: string, licenceNumber: string): Promise<Driver | undefined> {
      return (
        await db.query<DriverRow>('SELECT * FROM drivers WHERE owner_id = $1 AND licence_number = $2', [
          ownerId,
          licenceNumber,
        ])
      ).map(toDriver)[0];
    },

    async listVehicles(ownerId: string): Promise<Vehicle[]> {
      return vehiclesWhere('owner_id = $1 ORDER BY updated_at DESC, id', [ownerId]);
    },

    async listDrivers(ownerId: string): Promise<Driver[]> {
      return (await db.query<DriverRow>('SELECT * FROM drivers WHERE owner_id = $1 ORDER BY name, id', [ownerId])).map(
        toDriver,
      );
    },

    /** The chassis numbers in the owner's fleet. */
    async chassisNumbers(ownerId: string): Promise<Set<string>> {
      const rows = await db.query<{ chassis_number: string }>(
        "SELECT chassis_number FROM vehicles WHERE owner_id = $1 AND chassis_number <> ''",
        [ownerId],
      );
      return new Set(rows.map((row) => row.chassis_number));
    },

    /** The owner's plates among `plateNumbers` (all of them when null), with the chassis number each is registered to. */
    async plateFacts(ownerId: string, plateNumbers: readonly string[] | null): Promise<Map<string, OwnerPlateFacts>> {
      const rows = await db.query<{ plate_number: string; chassis_number: string | null }>(
        `SELECT p.plate_number, r.chassis_number FROM plates p LEFT JOIN registered_plates r ON r.plate_number = p.plate_number
         WHERE p.owner_id = $1 AND ($2::text[] IS NULL OR p.plate_number = ANY($2::text[]))`,
        [ownerId, plateNumbers === null ? null : [...plateNumbers]],
      );
      return new Map(
        rows.map((row) => [row.plate_number, { plateNumber: row.plate_number, registeredChassis: row.chassis_number }]),
      );
    },

    /** The vehicles carrying each of `plateNumbers`, by plate (all plates on the owner's vehicles when null). */
    async plateHolders(
      ownerId: string,
      plateNumbers: readonly string[] | null,
    ): Promise<Map<string, PlateHolder & { ownerId: string }>> {
      const rows =
        plateNumbers === null
          ? await vehiclesWhere('owner_id = $1 AND plate_number IS NOT NULL', [ownerId])
          : await vehiclesWhere('plate_number = ANY($1::text[])', [[...plateNumbers]]);
      return new Map(
        rows.flatMap((vehicle) =>
          vehicle.plateNumber === null
            ? []
            : [
                [
                  vehicle.plateNumber,
                  { vehicleId: vehicle.id, label: vehicleLabel(vehicle), ownerId: vehicle.ownerId },
                ] as const,
              ],
        ),
      );
    },

    /** Adds the vehicle, or changes it when it is already the owner's (its id came from their device). */
    async saveVehicle(ownerId: string, input: VehicleInput, at: Date): Promise<Vehicle> {
      const [row] = await db.query<VehicleRow>(
        `INSERT INTO vehicles (id, owner_id, make, model, year, colour, chassis_number, plate_number, driver_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
         ON CONFLICT (id) DO UPDATE SET make = EXCLUDED.make, model = EXCLUDED.model, year = EXCLUDED.year, colour = EXCLUDED.colour,
           chassis_number = EXCLUDED.chassis_number, plate_number = EXCLUDED.plate_number, driver_id = EXCLUDED.driver_id, updated_at = EXCLUDED.updated_at
         WHERE vehicles.owner_id = EXCLUDED.owner_id
         RETURNING *`,
        [
          input.id,
          ownerId,
          input.make,
          input.model,
          input.year,
          input.colour,
          input.chassisNumber,
          input.plateNumber,
          input.driverId,
          at,
        ],
      );
      if (!row) throw new Error(`vehicle ${input.id} belongs to another owner`);
      const vehicle = toVehicle(row);
      await log.record(scopesOf(ownerId), FLEET_ENTITIES.vehicle, vehicle.id, 'put', { ...vehicle });
      return vehicle;
    },

    /** Removes the owner's vehicle; false when it is not there (already removed). */
    async removeVehicle(ownerId: string, id: string): Promise<Vehicle | undefined> {
      const [row] = await db.query<VehicleRow>('DELETE FROM vehicles WHERE id = $1 AND owner_id = $2 RETURNING *', [
        id,
        ownerId,
      ]);
      if (!row) return undefined;
      await log.record(scopesOf(ownerId), FLEET_ENTITIES.vehicle, id, 'delete', null);
      return toVehicle(row);
    },

    async saveDriver(ownerId: string, input: DriverInput, at: Date): Promise<Driver> {
      const [row] = await db.query<DriverRow>(
        `INSERT INTO drivers (id, owner_id, name, licence_number, phone, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, licence_number = EXCLUDED.licence_number, phone = EXCLUDED.phone, updated_at = EXCLUDED.updated_at
         WHERE drivers.owner_id = EXCLUDED.owner_id
         RETURNING *`,
        [input.id, ownerId, input.name, input.licenceNumber, input.phone, at],
      );
      if (!row) throw new Error(`driver ${input.id} belongs to another owner`);
      const driver = toDriver(row);
      await log.record(scopesOf(ownerId), FLEET_ENTITIES.driver, driver.id, 'put', { ...driver });
      return driver;
    },

    /** Removes the owner's driver, first taking them off every vehicle they drove; undefined when not there. */
    async removeDriver(
      ownerId: string,
      id: string,
      at: Date,
    ): Promise<{ driver: Driver; unassigned: number } | undefined> {
      const rows = await db.query<VehicleRow>(
        'UPDATE vehicles SET driver_id = NULL, updated_at = $3 WHERE driver_id = $1 AND owner_id = $2 RETURNING *',
        [id, ownerId, at],
      );
      await logVehicles(rows.map(toVehicle));
      const [row] = await db.query<DriverRow>('DELETE FROM drivers WHERE id = $1 AND owner_id = $2 RETURNING *', [
        id,
        ownerId,
      ]);
      if (!row) return undefined;
      await log.record(scopesOf(ownerId), FLEET_ENTITIES.driver, id, 'delete', null);
      return { driver: toDriver(row), unassigned: rows.length };
    },

    /** Adds checked vehicles in one statement, each with its change-log entry, in file order. */
    async importVehicles(ownerId: string, vehicles: readonly VehicleDetails[], at: Date): Promise<Vehicle[]> {
      const stamp = at.toISOString();
      const added: Vehicle[] = vehicles.map((vehicle) => ({
        id: newVehicleId(),
        ownerId,
        ...vehicle,
        driverId: null,
        createdAt: stamp,
        updatedAt: stamp,
      }));
      if (added.length === 0) return added;
      const column = <K extends keyof Vehicle>(key: K) => added.map((vehicle) => vehicle[key]);
      await db.query(
        `INSERT INTO vehicles (id, owner_id, make, model, year, colour, chassis_number, plate_number, created_at, updated_at)
         SELECT id, $1, make, model, year, colour, chassis_number, plate_number, $8, $8
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $9::text[]) AS t(id, make, model, year, colour, chassis_number, plate_number)`,
        [
          ownerId,
          column('id'),
          column('make'),
          column('model'),
          column('year'),
          column('colour'),
          column('chassisNumber'),
          at,
          column('plateNumber'),
        ],
      );
      await logVehicles(added);
      return added;
    },

    /**
     * Changes the details of the owner's vehicles a file matched (make, model, year, colour,
     * chassis number, plate) in one statement, each with its change-log entry; the driver stays.
     */
    async updateImportedVehicles(
      ownerId: string,
      vehicles: readonly (VehicleDetails & { id: string })[],
      at: Date,
    ): Promise<Vehicle[]> {
      if (vehicles.length === 0) return [];
      const column = <K extends keyof (VehicleDetails & { id: string })>(key: K) =>
        vehicles.map((vehicle) => vehicle[key]);
      const rows = await db.query<VehicleRow>(
        `UPDATE vehicles v SET make = t.make, model = t.model, year = t.year, colour = t.colour,
           chassis_number = t.chassis_number, plate_number = t.plate_number, updated_at = $8
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $9::text[])
           AS t(id, make, model, year, colour, chassis_number, plate_number)
         WHERE v.id = t.id AND v.owner_id = $1
         RETURNING v.*`,
        [
          ownerId,
          column('id'),
          column('make'),
          column('model'),
          column('year'),
          column('colour'),
          column('chassisNumber'),
          at,
          column('plateNumber'),
        ],
      );
      const updated = rows.map(toVehicle);
      await logVehicles(updated);
      return updated;
    },

    /**
     * A plate just registered by a whitebook sale goes on the owner's vehicle with the sale's
     * chassis number, or on a vehicle made from the sale's details; it comes off any other.
     */
    async fitRegisteredPlate(ownerId: string, sale: SaleVehicle, at: Date): Promise<Vehicle> {
      await lockOwner(ownerId);
      const [existing] = await vehiclesWhere('owner_id = $1 AND chassis_number = $2', [ownerId, sale.chassisNumber]);
      await takePlateOff(sale.plateNumber, at, existing?.id ?? null);
      const [row] = existing
        ? await db.query<VehicleRow>(
            'UPDATE vehicles SET plate_number = $2, year = coalesce(year, $3), updated_at = $4 WHERE id = $1 RETURNING *',
            [existing.id, sale.plateNumber, sale.year, at],
          )
        : await db.query<VehicleRow>(
            `INSERT INTO vehicles (id, owner_id, make, model, year, colour, chassis_number, plate_number, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
            [
              newVehicleId(),
              ownerId,
              sale.make,
              sale.model,
              sale.year,
              sale.colour,
              sale.chassisNumber,
              sale.plateNumber,
              at,
            ],
          );
      if (!row) throw new Error(`the vehicle for plate ${sale.plateNumber} was not saved`);
      const vehicle = toVehicle(row);
      await logVehicles([vehicle]);
      return vehicle;
    },
  };
}

export type FleetRepository = ReturnType<typeof fleetRepository>;
