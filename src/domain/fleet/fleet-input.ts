// What an owner types for a vehicle or a driver (Vehicles & Fleet), with the message for
// each mistake: one schema per concept, used by the app's dialogs, the pushed intents and
// the CSV import alike. An owner's own vehicle may leave the year and chassis number blank.
import { z } from 'zod';
import { normalisePhone, PHONE_MESSAGE } from '../accounts/profile';
import { chassisNumberSchema, vehicleYearSchema } from '../agent/workspace';
import { plateNumberSchema } from '../plates/plate-number-schema';

export const VEHICLE_NOT_YOURS = 'This vehicle is not in your fleet. It may have been removed on another device.';
export const DRIVER_NOT_YOURS = 'This driver is not in your fleet. They may have been removed on another device.';
export const LICENCE_MESSAGE = 'Licence number must be 5 to 20 letters and digits';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A vehicle's year, or null when left blank. */
export const optionalVehicleYearSchema = (today: string) => z.preprocess((value) => (blank(value) ? null : value), vehicleYearSchema(today).nullable());

/** A chassis number (a 17-character VIN, or an older frame number), or '' when left blank. */
export const optionalChassisNumberSchema = z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string({ error: 'Chassis number must be text' })).transform((raw, ctx) => {
  if (raw.trim() === '') return '';
  const checked = chassisNumberSchema.safeParse(raw);
  if (checked.success) return checked.data;
  ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Chassis number is not valid' });
  return z.NEVER;
});

/** The plate on a vehicle, or null for none. */
export const optionalPlateNumberSchema = z.preprocess((value) => (blank(value) ? null : value), plateNumberSchema.nullable()).transform((plate): string | null => plate);

/** A driving licence number: letters and digits (spaces typed between them are dropped). */
export const licenceNumberSchema = z
  .string({ error: 'Licence number is required' })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().min(1, 'Licence number is required').regex(/^[A-Z0-9]{5,20}$/, LICENCE_MESSAGE));

/** A Zambian phone number: +260 and nine digits; 0971234567 is accepted and written +260971234567. */
export const driverPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(30, PHONE_MESSAGE)
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (phone !== null) return phone;
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return z.NEVER;
  });

const rowId = (what: string) => z.uuid({ error: `${what} id must be a UUID` });

/** A vehicle's details as typed, without its id: what a CSV row carries. */
export function vehicleDetailsSchema(today: string) {
  return z.object({
    make: requiredText('Make', 60),
    model: requiredText('Model', 60),
    year: optionalVehicleYearSchema(today),
    colour: requiredText('Colour', 40),
    chassisNumber: optionalChassisNumberSchema,
    plateNumber: optionalPlateNumberSchema,
  });
}
export type VehicleDetails = z.output<ReturnType<typeof vehicleDetailsSchema>>;

/** Add Vehicle and Edit Vehicle: the details, the device-made id, and the driver assigned (or none). */
export function vehicleInputSchema(today: string) {
  return vehicleDetailsSchema(today).extend({
    id: rowId('Vehicle'),
    driverId: z.preprocess((value) => (blank(value) ? null : value), rowId('Driver').nullable()),
  });
}
export type VehicleInput = z.output<ReturnType<typeof vehicleInputSchema>>;
/** The form's values: every field as typed. */
export interface VehicleFormValues {
  make: string;
  model: string;
  year: string;
  colour: string;
  chassisNumber: string;
  plateNumber: string;
  driverId: string;
}
export const EMPTY_VEHICLE_FORM: VehicleFormValues = { make: '', model: '', year: '', colour: '', chassisNumber: '', plateNumber: '', driverId: '' };

export const driverInputSchema = z.object({
  id: rowId('Driver'),
  name: requiredText('Driver name', 100),
  licenceNumber: licenceNumberSchema,
  phone: driverPhoneSchema,
});
export type DriverInput = z.output<typeof driverInputSchema>;
export interface DriverFormValues {
  name: string;
  licenceNumber: string;
  phone: string;
}
export const EMPTY_DRIVER_FORM: DriverFormValues = { name: '', licenceNumber: '', phone: '' };

/** Remove Vehicle and Remove Driver name the row only. */
export const removeVehicleSchema = z.object({ id: rowId('Vehicle') });
export const removeDriverSchema = z.object({ id: rowId('Driver') });

/** What an owner's plate says about where it may go: registered plates belong to the vehicle in their registration. */
export interface OwnerPlateFacts {
  plateNumber: string;
  /** The registration's chassis number; null while the plate is not yet registered. */
  registeredChassis: string | null;
}

/** The vehicle a plate is on now, if any. */
export interface PlateHolder {
  vehicleId: string;
  /** e.g. 'White Toyota Corolla' */
  label: string;
}

/** 'White Toyota Corolla (2019)': how a vehicle is named in messages and lists. */
export function vehicleLabel(vehicle: { make: string; model: string; colour: string; year?: number | null }): string {
  const name = [vehicle.colour, vehicle.make, vehicle.model].filter((part) => part.trim() !== '').join(' ');
  return vehicle.year ? `${name} (${vehicle.year})` : name;
}

/**
 * Why a plate cannot go on a vehicle, or null when it can: only the owner's own plates,
 * one vehicle per plate, and a registered plate only on the vehicle its registration names.
 */
export function plateFitProblem(input: {
  plateNumber: string;
  vehicleId: string | null;
  chassisNumber: string;
  plate: OwnerPlateFacts | undefined;
  holder: PlateHolder | undefined;
}): string | null {
  const { plateNumber, plate, holder } = input;
  if (!plate) return `Plate ${plateNumber} is not one of your plates. Only plates bought or allocated to you in Nambala can be put on your vehicles.`;
  if (holder && holder.vehicleId !== input.vehicleId) return `Plate ${plateNumber} is already on your ${holder.label}. Take it off that vehicle first.`;
  if (plate.registeredChassis !== null && plate.registeredChassis !== input.chassisNumber) {
    return `Plate ${plateNumber} is registered to the vehicle with chassis number ${plate.registeredChassis}. Enter that chassis number, or choose another plate.`;
  }
  return null;
}

export const chassisTakenMessage = (chassisNumber: string) => `A vehicle with chassis number ${chassisNumber} is already in your fleet.`;
export const licenceTakenMessage = (licenceNumber: string) => `A driver with licence number ${licenceNumber} is already in your fleet.`;
