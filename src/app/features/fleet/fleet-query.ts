/**
 * What Vehicles & Fleet reads from the device's store, in one query: every vehicle joined
 * with its driver and its plate (src/domain/fleet/fleet-list.ts), the drivers, and the
 * owner's plates for the plate picker. The list is searched and paged in memory from
 * this, so each keystroke costs a filter, not a read (tests/bench/fleet-bench.ts).
 */
import type { OwnerPlateFacts, PlateHolder } from '#domain/fleet/fleet-facts';
import { vehicleLabel } from '#domain/fleet/fleet-facts';
import { buildFleetRows, type FleetPlate, type FleetRow } from '#domain/fleet/fleet-list';
import type { LocalDriver, LocalOwnedPlate, LocalVehicle, NambalaDatabase } from '../../store/database';

export type VehicleRow = FleetRow<LocalVehicle, LocalDriver>;

export interface FleetData {
  rows: VehicleRow[];
  /** Drivers not being removed, by name. */
  drivers: LocalDriver[];
  /** Vehicles each driver is assigned to, by driver id. */
  vehiclesOfDriver: Map<string, number>;
  /** The owner's plates, newest first. */
  plates: LocalOwnedPlate[];
}

export async function readFleet(db: NambalaDatabase, today: string, accountName: string): Promise<FleetData> {
  // Read whole and sorted here: a walk along the heldAt index costs more than the sort.
  const [vehicles, drivers, plates] = await Promise.all([
    db.vehicles.toArray(),
    db.drivers.toArray(),
    db.ownedPlates.toArray(),
  ]);
  plates.sort((a, b) => (a.heldAt < b.heldAt ? 1 : a.heldAt > b.heldAt ? -1 : 0));
  const plateByNumber = new Map<string, FleetPlate>();
  for (const plate of plates) plateByNumber.set(plate.plateNumber, plate);
  const rows = buildFleetRows(vehicles, drivers, plateByNumber, accountName, today);
  const vehiclesOfDriver = new Map<string, number>();
  for (const row of rows)
    if (row.driver) vehiclesOfDriver.set(row.driver.id, (vehiclesOfDriver.get(row.driver.id) ?? 0) + 1);
  const shownDrivers = drivers
    .filter((driver) => !driver.isDeleted)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { rows, drivers: shownDrivers, vehiclesOfDriver, plates };
}

/** The owner's plates as the plate rules see them. */
export function plateFacts(plates: readonly LocalOwnedPlate[]): Map<string, OwnerPlateFacts> {
  return new Map(
    plates.map((plate) => [
      plate.plateNumber,
      { plateNumber: plate.plateNumber, registeredChassis: plate.registration?.chassisNumber ?? null },
    ]),
  );
}

/** The vehicle each plate is on, by plate number. */
export function plateHolders(rows: readonly VehicleRow[]): Map<string, PlateHolder> {
  const holders = new Map<string, PlateHolder>();
  for (const row of rows)
    if (row.vehicle.plateNumber !== null)
      holders.set(row.vehicle.plateNumber, { vehicleId: row.id, label: vehicleLabel(row.vehicle) });
  return holders;
}
