/**
 * An owner's changes to their fleet, made on any of their devices and often offline:
 * vehicles (with the plate on each and the driver assigned) and drivers. Each row is
 * the owner's alone: a vehicle or driver id of someone else's is refused as unknown, and
 * so is a driver who is not the owner's. Each change is checked and written under the
 * owner's fleet lock, and audited.
 */
import {
  chassisTakenMessage,
  DRIVER_NOT_YOURS,
  driverInputSchema,
  licenceTakenMessage,
  plateFitProblem,
  removeDriverSchema,
  removeVehicleSchema,
  VEHICLE_NOT_YOURS,
  vehicleInputSchema,
} from '#domain/fleet/fleet-input';
import { z } from 'zod';
import { auditRepository } from '../repositories/audit-repository';
import { fleetRepository } from '../repositories/fleet-repository';
import { actor, defineIntent, Refusal } from './intent';

// A year is checked against the server's calendar day with a day's grace for a device
// ahead in its time zone; the schema is built once a day, not once per change.
let vehicleSchema: { day: string; schema: ReturnType<typeof vehicleInputSchema> } | undefined;
function vehicleSchemaToday() {
  const day = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  if (vehicleSchema?.day !== day) vehicleSchema = { day, schema: vehicleInputSchema(day) };
  return vehicleSchema.schema;
}

const refuse = (status: 404 | 409, field: string, message: string) =>
  new Refusal(status, message, { [field]: message });

export const saveVehicle = defineIntent({
  access: 'signed-in',
  payload: z.lazy(vehicleSchemaToday),
  async apply(context, input) {
    const owner = actor(context);
    const fleet = fleetRepository(context.tx);
    await fleet.lockOwner(owner.id);
    const before = await fleet.findVehicle(input.id);
    if (before && before.ownerId !== owner.id) throw new Refusal(404, VEHICLE_NOT_YOURS);
    if (input.driverId !== null) {
      const driver = await fleet.findDriver(input.driverId);
      if (driver?.ownerId !== owner.id) throw refuse(404, 'driverId', DRIVER_NOT_YOURS);
    }
    if (input.chassisNumber !== '') {
      const other = await fleet.vehicleWithChassis(owner.id, input.chassisNumber);
      if (other && other.id !== input.id) throw refuse(409, 'chassisNumber', chassisTakenMessage(input.chassisNumber));
    }
    if (input.plateNumber !== null) {
      const plates = await fleet.plateFacts(owner.id, [input.plateNumber]);
      const holders = await fleet.plateHolders(owner.id, [input.plateNumber]);
      const problem = plateFitProblem({
        plateNumber: input.plateNumber,
        vehicleId: input.id,
        chassisNumber: input.chassisNumber,
        plate: plates.get(input.plateNumber),
        holder: holders.get(input.plateNumber),
      });
      if (problem) throw refuse(409, 'plateNumber', problem);
    }
    const saved = await fleet.saveVehicle(owner.id, input, context.now());
    await auditRepository(context.tx).record({
      actorId: owner.id,
      action: before ? 'vehicle.edit' : 'vehicle.add',
      target: saved.id,
      detail: { plateNumber: saved.plateNumber, chassisNumber: saved.chassisNumber, driverId: saved.driverId },
      ip: context.ip,
    });
    return undefined;
  },
});

export const removeVehicle = defineIntent({
  access: 'signed-in',
  payload: removeVehicleSchema,
  async apply(context, { id }) {
    const owner = actor(context);
    const fleet = fleetRepository(context.tx);
    await fleet.lockOwner(owner.id);
    const before = await fleet.findVehicle(id);
    // Removed already (from another device, or this change sent twice): nothing left to do.
    if (!before) return undefined;
    if (before.ownerId !== owner.id) throw new Refusal(404, VEHICLE_NOT_YOURS);
    await fleet.removeVehicle(owner.id, id);
    await auditRepository(context.tx).record({
      actorId: owner.id,
      action: 'vehicle.remove',
      target: id,
      detail: { plateNumber: before.plateNumber, chassisNumber: before.chassisNumber },
      ip: context.ip,
    });
    return undefined;
  },
});

export const saveDriver = defineIntent({
  access: 'signed-in',
  payload: driverInputSchema,
  async apply(context, input) {
    const owner = actor(context);
    const fleet = fleetRepository(context.tx);
    await fleet.lockOwner(owner.id);
    const before = await fleet.findDriver(input.id);
    if (before && before.ownerId !== owner.id) throw new Refusal(404, DRIVER_NOT_YOURS);
    const other = await fleet.driverWithLicence(owner.id, input.licenceNumber);
    if (other && other.id !== input.id) throw refuse(409, 'licenceNumber', licenceTakenMessage(input.licenceNumber));
    const saved = await fleet.saveDriver(owner.id, input, context.now());
    await auditRepository(context.tx).record({
      actorId: owner.id,
      action: before ? 'driver.edit' : 'driver.add',
      target: saved.id,
      detail: { licenceNumber: saved.licenceNumber },
      ip: context.ip,
    });
    return undefined;
  },
});

export const removeDriver = defineIntent({
  access: 'signed-in',
  payload: removeDriverSchema,
  async apply(context, { id }) {
    const owner = actor(context);
    const fleet = fleetRepository(context.tx);
    await fleet.lockOwner(owner.id);
    const before = await fleet.findDriver(id);
    if (!before) return undefined;
    if (before.ownerId !== owner.id) throw new Refusal(404, DRIVER_NOT_YOURS);
    const removed = await fleet.removeDriver(owner.id, id, context.now());
    await auditRepository(context.tx).record({
      actorId: owner.id,
      action: 'driver.remove',
      target: id,
      detail: { licenceNumber: before.licenceNumber, vehiclesUnassigned: removed?.unassigned ?? 0 },
      ip: context.ip,
    });
    return { vehiclesUnassigned: removed?.unassigned ?? 0 };
  },
});
