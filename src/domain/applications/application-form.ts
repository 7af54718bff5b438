// The three-step buy-process wizard (/buy-process): step-1 personal details, step-2 payment
// method, the step navigation rules and the client-side reference number (spec sections 2, 4, 5).
import { z } from 'zod';
import { PAYMENT_METHOD_IDS } from '../pricing/pricing';

export const MIN_PLATES_PER_APPLICATION = 1;
export const MAX_PLATES_PER_APPLICATION = 1000;

export const NRC_PLACEHOLDER = '123456/78/9';
export const PHONE_PLACEHOLDER = '+260 97 1234567';

/** National registration card number, e.g. 123456/78/9. */
export const NRC_PATTERN = /^\d{6}\/\d{2}\/\d$/;

export function isValidNrc(value: string): boolean {
  return NRC_PATTERN.test(value.trim());
}

/**
 * A Zambian number, international (+260) or national (leading 0), with optional single
 * spaces or hyphens between the groups: '+260 97 1234567', '+260971234567', '0971234567'.
 */
export const ZAMBIAN_PHONE_PATTERN = /^(?:\+260[ -]?|0)[1-9]\d[ -]?\d{3}[ -]?\d{4}$/;

export function isValidZambianPhone(value: string): boolean {
  return ZAMBIAN_PHONE_PATTERN.test(value.trim());
}

/**
 * The number-of-plates input as a whole number, with parseInt semantics: '3abc' is 3 and
 * input that does not start with a number falls back to 1 (spec). '0' stays 0 so that
 * validation can say the number must be at least 1.
 */
export function parseNumberOfPlates(raw: string | number): number {
  const parsed = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(raw, 10);
  return Number.isFinite(parsed) ? parsed : 1;
}

const PLATES_TOO_FEW = 'Number of plates must be at least 1';
const PLATES_TOO_MANY = `Number of plates must be at most ${MAX_PLATES_PER_APPLICATION}`;

function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** The spec's "simple email pattern": something@something.something, no spaces. */
export const SIMPLE_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

// NRC and phone formats are not enforced: the spec only requires them to be present.
// The length caps are not in the spec; they keep a request body from carrying essays.
export const applicationStep1Schema = z.object({
  fullName: requiredText('Full name is required', 100, 'Full name must be at most 100 characters'),
  nrcNumber: requiredText('NRC number is required', 30, 'NRC number must be at most 30 characters'),
  phoneNumber: requiredText('Phone number is required', 30, 'Phone number must be at most 30 characters'),
  email: requiredText('Email is required', 254, 'Email must be at most 254 characters').regex(SIMPLE_EMAIL_PATTERN, 'Invalid email format'),
  address: requiredText('Address is required', 500, 'Address must be at most 500 characters'),
  numberOfPlates: z
    .union([z.number(), z.string()], { error: PLATES_TOO_FEW })
    .transform(parseNumberOfPlates)
    .pipe(z.number().min(MIN_PLATES_PER_APPLICATION, PLATES_TOO_FEW).max(MAX_PLATES_PER_APPLICATION, PLATES_TOO_MANY)),
});

export type ApplicationStep1Input = z.input<typeof applicationStep1Schema>;
export type ApplicationStep1 = z.output<typeof applicationStep1Schema>;

export const EMPTY_APPLICATION_STEP1: ApplicationStep1 = {
  fullName: '',
  nrcNumber: '',
  phoneNumber: '',
  email: '',
  address: '',
  numberOfPlates: 1,
};

export const applicationStep2Schema = z.object({
  paymentMethod: z.enum(PAYMENT_METHOD_IDS, { error: 'Please select a payment method' }),
});

export type ApplicationStep2 = z.output<typeof applicationStep2Schema>;

/** The whole application as submitted at the end of step 2. */
export const applicationSchema = applicationStep1Schema.extend(applicationStep2Schema.shape);
export type Application = z.output<typeof applicationSchema>;

export const WIZARD_STEPS = ['Personal Info', 'Payment', 'Confirmation'] as const;
export type WizardStep = 1 | 2 | 3;
export const FIRST_WIZARD_STEP: WizardStep = 1;
export const FINAL_WIZARD_STEP: WizardStep = 3;

/** One step forward; the confirmation step is final. Validation gates the call, not this function. */
export function nextStep(step: WizardStep): WizardStep {
  return step >= FINAL_WIZARD_STEP ? FINAL_WIZARD_STEP : ((step + 1) as WizardStep);
}

/** One step back, never below step 1; there is no way back from the final step. */
export function previousStep(step: WizardStep): WizardStep {
  if (step >= FINAL_WIZARD_STEP) return FINAL_WIZARD_STEP;
  return step <= FIRST_WIZARD_STEP ? FIRST_WIZARD_STEP : ((step - 1) as WizardStep);
}

/** 'LP-' and the last six digits of the submission time in milliseconds, as the client generates it. */
export function applicationReferenceNumber(submittedAt: Date): string {
  return `LP-${String(submittedAt.getTime()).slice(-6).padStart(6, '0')}`;
}
