/** The owner's changes to their fleet, as mutations for the one write path (each works offline). */
import type { DriverInput, VehicleInput } from '#domain/fleet/fleet-input';
import type { LocalDriver, LocalVehicle } from '../../store/database';
import type { Mutation } from '../../store/mutate';
import { onDemand } from '../../components/loaded-when-open';

/** The fleet forms' rules (zod): loaded once the page is idle, or with the first save. */
export const fleetRules = onDemand(() => import('#domain/fleet/fleet-input'));

export function saveVehicleMutation(
  input: VehicleInput,
  ownerId: string,
  before: LocalVehicle | undefined,
  now = new Date(),
): Mutation<LocalVehicle> {
  const at = now.toISOString();
  return {
    intent: 'saveVehicle',
    table: 'vehicles',
    row: { ...input, ownerId, createdAt: before?.createdAt ?? at, updatedAt: at },
    payload: input,
  };
}

/** The row stays, marked, until the server's removal reaches this device; the list no longer shows it. */
export function removeVehicleMutation(vehicle: LocalVehicle): Mutation<LocalVehicle> {
  return {
    intent: 'removeVehicle',
    table: 'vehicles',
    row: { ...vehicle, isDeleted: true },
    payload: { id: vehicle.id },
  };
}

export function saveDriverMutation(
  input: DriverInput,
  ownerId: string,
  before: LocalDriver | undefined,
  now = new Date(),
): Mutation<LocalDriver> {
  const at = now.toISOString();
  return {
    intent: 'saveDriver',
    table: 'drivers',
    row: { ...input, ownerId, createdAt: before?.createdAt ?? at, updatedAt: at },
    payload: input,
  };
}

export function removeDriverMutation(driver: LocalDriver): Mutation<LocalDriver> {
  return { intent: 'removeDriver', table: 'drivers', row: { ...driver, isDeleted: true }, payload: { id: driver.id } };
}
