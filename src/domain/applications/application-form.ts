// The three-step buy-process wizard (/buy-process): step-1 personal details, step-2 payment
// method, the step navigation rules and the client-side reference number (spec sections 2, 4, 5).
import { z } from 'zod';
import { PAYMENT_METHOD_IDS } from '../pricing/pricing';
import {
  checkPhone,
  isValidNrc,
  NRC_PATTERN,
  NRC_PLACEHOLDER,
  nrcSchema,
  personNameSchema,
  PHONE_PLACEHOLDER,
  phoneNumberSchema,
} from '../validation/identity';
import { credentialTextMax, credentialTextTooLong, fitsCredential } from '../credential/credential-limits';

import {
  MAX_PLATES_PER_APPLICATION,
  MIN_PLATES_PER_APPLICATION,
  parseNumberOfPlates,
  PLATES_NOT_WHOLE,
  PLATES_TOO_FEW,
  PLATES_TOO_MANY,
} from './plate-count';

export { MAX_PLATES_PER_APPLICATION, MIN_PLATES_PER_APPLICATION, parseNumberOfPlates, PLATES_NOT_WHOLE };
export * from './wizard-steps';
// The wizard checks chosen numbers against the plates with the rest of its rules, loaded on demand.
export { chosenNumbersProblem } from '../plates/requestable-number';

// The NRC and phone rules are the identity rules every form shares; kept importable from here.
export { isValidNrc, NRC_PATTERN, NRC_PLACEHOLDER, PHONE_PLACEHOLDER };

/** Whether the phone number as typed is a Zambian number in use (+260 97 1234567, 0971234567). */
export function isValidZambianPhone(value: string): boolean {
  return checkPhone(value).ok;
}

function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** The spec's "simple email pattern": something@something.something, no spaces. */
export const SIMPLE_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const REGISTRATION_REQUIRED = 'Enter the vehicle’s registration number, or tick “Registration not yet known”';
export const REGISTRATION_FORMAT =
  'Registration number may only contain letters, digits, spaces and hyphens (e.g. BAK 1234)';

// A checkbox reaches the schema as a boolean from a device's payload, or as text from a form's state.
const tickedSchema = z.preprocess(
  (value) =>
    value === 'true' || value === 'yes'
      ? true
      : value === '' || value === 'false' || value === undefined
        ? false
        : value,
  z.boolean({ error: 'Registration not yet known must be ticked or not' }),
);

// The spec's step-1 messages for missing fields; the formats (NRC, phone, name) are the shared
// identity rules. The length caps keep a request body from carrying essays.
/** Step 1's fields, for a route that takes them with its own (the server's submit). */
export const step1Fields = {
  fullName: personNameSchema('Full name'),
  nrcNumber: nrcSchema('NRC number'),
  phoneNumber: phoneNumberSchema('Phone number'),
  email: requiredText('Email is required', 254, 'Email must be at most 254 characters').regex(
    SIMPLE_EMAIL_PATTERN,
    'Invalid email format',
  ),
  address: requiredText('Address is required', 500, 'Address must be at most 500 characters'),
  // Strict where a count is charged: "abc" or 2.9 is refused, never read as 1 or 2.
  numberOfPlates: z
    .union([z.number(), z.string()], { error: PLATES_NOT_WHOLE })
    .transform((raw, context) => {
      const text = String(raw).trim();
      if (/^-?\d{1,9}$/.test(text)) return Number(text);
      context.addIssue({ code: 'custom', message: PLATES_NOT_WHOLE });
      return z.NEVER;
    })
    .pipe(z.number().min(MIN_PLATES_PER_APPLICATION, PLATES_TOO_FEW).max(MAX_PLATES_PER_APPLICATION, PLATES_TOO_MANY)),
  // The make and model go on the shop's order and from there into the plate's credential.
  vehicleMake: requiredText(
    'Vehicle make is required',
    credentialTextMax('make'),
    credentialTextTooLong('Vehicle make', 'make'),
  ).refine(fitsCredential('make'), credentialTextTooLong('Vehicle make', 'make')),
  vehicleModel: requiredText(
    'Vehicle model is required',
    credentialTextMax('model'),
    credentialTextTooLong('Vehicle model', 'model'),
  ).refine(fitsCredential('model'), credentialTextTooLong('Vehicle model', 'model')),
  vehicleRegistration: z
    .string({ error: REGISTRATION_REQUIRED })
    .trim()
    .max(20, 'Registration number must be at most 20 characters')
    .optional()
    .default(''),
  registrationNotYetKnown: tickedSchema.optional().default(false),
};

interface VehicleFields {
  vehicleRegistration: string;
  registrationNotYetKnown: boolean;
}

const normalRegistration = (value: string) => value.trim().toUpperCase().replace(/\s+/g, ' ');

/**
 * The registration's messages, given with every other field's (a form shows them all at
 * once): required unless the applicant said outright that it is not yet known, and in
 * letters, digits, spaces and hyphens. Reads the fields as far as they were parsed.
 */
function registrationIssues(value: unknown, ctx: z.RefinementCtx<unknown>): void {
  const step =
    typeof value === 'object' && value !== null ? (value as Partial<Record<keyof VehicleFields, unknown>>) : {};
  if (step.registrationNotYetKnown === true) return;
  const registration = typeof step.vehicleRegistration === 'string' ? normalRegistration(step.vehicleRegistration) : '';
  if (registration === '')
    ctx.addIssue({ code: 'custom', path: ['vehicleRegistration'], message: REGISTRATION_REQUIRED });
  else if (!/^[A-Z0-9][A-Z0-9 -]*$/.test(registration))
    ctx.addIssue({ code: 'custom', path: ['vehicleRegistration'], message: REGISTRATION_FORMAT });
}

/** The registration, written in capitals; none when the applicant said outright that it is not yet known. */
function normaliseRegistration<T extends VehicleFields>(step: T): T {
  return {
    ...step,
    vehicleRegistration: step.registrationNotYetKnown ? '' : normalRegistration(step.vehicleRegistration),
  };
}

/** What the vehicle rule reads: `step1Fields`, with the tick as text or a boolean (the server takes only a boolean). */
type VehicleShape = Omit<typeof step1Fields, 'registrationNotYetKnown'> & {
  registrationNotYetKnown: z.ZodType<boolean, unknown>;
};

/** Step 1's vehicle rule on an object schema holding `step1Fields` (the wizard's and the server's). */
export function withRegistrationRule<Shape extends VehicleShape>(schema: z.ZodObject<Shape>) {
  // `when`: checked even when other fields have problems, so every message shows at once.
  return schema
    .superRefine(registrationIssues, { when: () => true })
    .transform((step) => normaliseRegistration(step as z.output<typeof schema> & VehicleFields));
}

export const applicationStep1Schema = withRegistrationRule(z.object(step1Fields));

/** How the request and the shop's order name the vehicle: "Toyota Corolla, BAK 1234". */
export function applicationVehicle(
  step: Pick<ApplicationStep1, 'vehicleMake' | 'vehicleModel' | 'vehicleRegistration' | 'registrationNotYetKnown'>,
): string {
  const vehicle = `${step.vehicleMake} ${step.vehicleModel}`.trim();
  return step.registrationNotYetKnown || step.vehicleRegistration === ''
    ? `${vehicle}, registration not yet known`
    : `${vehicle}, ${step.vehicleRegistration}`;
}

export type ApplicationStep1Input = z.input<typeof applicationStep1Schema>;
export type ApplicationStep1 = z.output<typeof applicationStep1Schema>;

export const EMPTY_APPLICATION_STEP1: ApplicationStep1 = {
  fullName: '',
  nrcNumber: '',
  phoneNumber: '',
  email: '',
  address: '',
  numberOfPlates: 1,
  vehicleMake: '',
  vehicleModel: '',
  vehicleRegistration: '',
  registrationNotYetKnown: false,
};

export const applicationStep2Schema = z.object({
  paymentMethod: z.enum(PAYMENT_METHOD_IDS, { error: 'Please select a payment method' }),
});

export type ApplicationStep2 = z.output<typeof applicationStep2Schema>;

/** The whole application as submitted at the end of step 2. */
export const applicationSchema = withRegistrationRule(z.object({ ...step1Fields, ...applicationStep2Schema.shape }));

export type Application = z.output<typeof applicationSchema>;

/** 'LP-' and the last six digits of the submission time in milliseconds, as the client generates it. */
export function applicationReferenceNumber(submittedAt: Date): string {
  return `LP-${String(submittedAt.getTime()).slice(-6).padStart(6, '0')}`;
}
