// A plate owner's fleet: the rules (zod) of the vehicle and driver forms and of removing
// either. The rest is in fleet-facts.ts.
import { z } from 'zod';
import { normalisePhone, PHONE_MESSAGE } from '../accounts/profile';
import { chassisNumberSchema, vehicleYearSchema } from '../agent/workspace';
import { plateNumberSchema } from '../plates/plate-number-schema';
import { LICENCE_MESSAGE } from './fleet-facts';
import { credentialTextMax, credentialTextTooLong, fitsCredential } from '../credential/credential-limits';
import type { CredentialTextField } from '../credential/credential';

export * from './fleet-facts';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A vehicle text its plate's credential will carry, when the plate is registered to it: no longer than its place there. */
const vehicleText = (label: string, field: CredentialTextField) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(credentialTextMax(field), credentialTextTooLong(label, field))
    .refine(fitsCredential(field), credentialTextTooLong(label, field));

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A vehicle's year, or null when left blank. */
export const optionalVehicleYearSchema = (today: string) =>
  z.preprocess((value) => (blank(value) ? null : value), vehicleYearSchema(today).nullable());

/** A chassis number (a 17-character VIN, or an older frame number), or '' when left blank. */
export const optionalChassisNumberSchema = z
  .preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string({ error: 'Chassis number must be text' }),
  )
  .transform((raw, ctx) => {
    if (raw.trim() === '') return '';
    const checked = chassisNumberSchema.safeParse(raw);
    if (checked.success) return checked.data;
    ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Chassis number is not valid' });
    return z.NEVER;
  });

/** The plate on a vehicle, or null for none. */
export const optionalPlateNumberSchema = z
  .preprocess((value) => (blank(value) ? null : value), plateNumberSchema.nullable())
  .transform((plate): string | null => plate);

/** A driving licence number: letters and digits (spaces typed between them are dropped). */
export const licenceNumberSchema = z
  .string({ error: 'Licence number is required' })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Licence number is required')
      .regex(/^[A-Z0-9]{5,20}$/, LICENCE_MESSAGE),
  );

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
    make: vehicleText('Make', 'make'),
    model: vehicleText('Model', 'model'),
    year: optionalVehicleYearSchema(today),
    colour: vehicleText('Colour', 'colour'),
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

export const driverInputSchema = z.object({
  id: rowId('Driver'),
  name: requiredText('Driver name', 100),
  licenceNumber: licenceNumberSchema,
  phone: driverPhoneSchema,
});
export type DriverInput = z.output<typeof driverInputSchema>;

export const removeVehicleSchema = z.object({ id: rowId('Vehicle') });
export const removeDriverSchema = z.object({ id: rowId('Driver') });
