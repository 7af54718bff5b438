// The vehicle a marketplace plate is bought for, asked at Buy Now as the wizard asks it: make,
// model and registration number, or "Registration not yet known"; and, since a plate may be
// bought before the car, "Vehicle not yet known" for the whole of it. The shop's order and the
// plate's credential carry what is given.
import { z } from 'zod';
import {
  applicationVehicle,
  REGISTRATION_FORMAT,
  REGISTRATION_REQUIRED,
  step1Fields,
} from '../applications/application-form';

export const VEHICLE_NOT_YET_KNOWN = 'Vehicle not yet known';

const ticked = (label: string) => z.boolean({ error: `${label} must be ticked or not` }).optional();

/**
 * Optional as a whole: a purchase from an app installed before Buy Now asked sends none of them,
 * and its order names no vehicle, as before. Given at all, they follow the rules below.
 */
export const checkoutVehicleFields = {
  vehicleNotYetKnown: ticked(VEHICLE_NOT_YET_KNOWN),
  vehicleMake: z.string({ error: 'Vehicle make is required' }).max(200, 'Vehicle make is too long').optional(),
  vehicleModel: z.string({ error: 'Vehicle model is required' }).max(200, 'Vehicle model is too long').optional(),
  vehicleRegistration: z
    .string({ error: REGISTRATION_REQUIRED })
    .max(200, 'Registration number is too long')
    .optional(),
  registrationNotYetKnown: ticked('Registration not yet known'),
};

type VehicleInput = { [Key in keyof typeof checkoutVehicleFields]?: z.output<(typeof checkoutVehicleFields)[Key]> };

const VEHICLE_KEYS = Object.keys(checkoutVehicleFields) as Array<keyof VehicleInput>;

/** Whether any of the vehicle's fields was sent. */
export function isVehicleGiven(vehicle: VehicleInput): boolean {
  return VEHICLE_KEYS.some((key) => vehicle[key] !== undefined);
}

/** Every field's message at once, by the wizard's rules, unless the whole vehicle is not yet known. */
export function checkoutVehicleIssues(value: unknown, ctx: z.RefinementCtx<unknown>): void {
  const given = typeof value === 'object' && value !== null ? (value as VehicleInput) : {};
  // Read as far as it was parsed: a field of the wrong type has its own message already.
  if (!isVehicleGiven(given) || given.vehicleNotYetKnown === true) return;
  for (const field of ['vehicleMake', 'vehicleModel'] as const) {
    const checked = step1Fields[field].safeParse(given[field] ?? '');
    if (!checked.success)
      ctx.addIssue({ code: 'custom', path: [field], message: checked.error.issues[0]?.message ?? 'Invalid' });
  }
  if (given.registrationNotYetKnown === true) return;
  const typed = typeof given.vehicleRegistration === 'string' ? given.vehicleRegistration : '';
  const registration = typed.trim().toUpperCase().replace(/\s+/g, ' ');
  if (registration === '')
    ctx.addIssue({ code: 'custom', path: ['vehicleRegistration'], message: REGISTRATION_REQUIRED });
  else if (registration.length > 20)
    ctx.addIssue({
      code: 'custom',
      path: ['vehicleRegistration'],
      message: 'Registration number must be at most 20 characters',
    });
  else if (!/^[A-Z0-9][A-Z0-9 -]*$/.test(registration))
    ctx.addIssue({ code: 'custom', path: ['vehicleRegistration'], message: REGISTRATION_FORMAT });
}

/**
 * How the order names the vehicle: "Toyota Hilux, BAK 1234", "…, registration not yet known",
 * "Vehicle not yet known", or '' when none was sent.
 */
export function checkoutVehicleText(vehicle: VehicleInput): string {
  if (!isVehicleGiven(vehicle)) return '';
  if (vehicle.vehicleNotYetKnown) return VEHICLE_NOT_YET_KNOWN;
  return applicationVehicle({
    vehicleMake: (vehicle.vehicleMake ?? '').trim(),
    vehicleModel: (vehicle.vehicleModel ?? '').trim(),
    vehicleRegistration: (vehicle.vehicleRegistration ?? '').trim().toUpperCase().replace(/\s+/g, ' '),
    registrationNotYetKnown: vehicle.registrationNotYetKnown ?? false,
  });
}

export const checkoutVehicleSchema = z
  .object(checkoutVehicleFields)
  .superRefine(checkoutVehicleIssues, { when: () => true });
export type CheckoutVehicleInput = z.input<typeof checkoutVehicleSchema>;
