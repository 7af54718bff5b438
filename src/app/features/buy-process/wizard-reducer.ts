/**
 * The buy-process wizard as a pure reducer: which step is showing, what was typed, the
 * messages under the fields and the rules for moving between steps (spec sections 4 and 5).
 * The screen dispatches what the user did; calling the server is the hook's job. The
 * application's rules (zod) load on demand, not with the page: the actions that check a
 * step carry them.
 */
import type * as ApplicationRules from '#domain/applications/application-form';
import { parseNumberOfPlates } from '#domain/applications/plate-count';
import { nextStep, previousStep, type WizardStep } from '#domain/applications/wizard-steps';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { validate } from '#domain/validation/validate';
import type { Receipt } from '../../payments/payment-api';
import {
  APPLICATION_FIELDS,
  type ApplicationField,
  type ApplicationFields,
  type ApplicationToSend,
  EMPTY_FIELDS,
  type WizardErrors,
} from '../../applications/application-fields';
import type { checkPaymentDetails } from '../../applications/payment-details';

export {
  APPLICATION_FIELDS,
  type ApplicationField,
  type ApplicationFields,
  type ApplicationToSend,
  EMPTY_FIELDS,
  type WizardErrorKey,
  type WizardErrors,
} from '../../applications/application-fields';

/** What the signed-in account already says about the applicant. */
export interface ApplicantProfile {
  name: string;
  email: string;
  phone?: string | null;
}

/** What is kept on the device between visits: everything the user chose, nothing derived. */
export interface WizardDraft {
  /** The application's own id, sent with it so a repeated submit is recognised by the server. */
  applicationId: string;
  step: 1 | 2;
  fields: ApplicationFields;
  paymentMethod: PaymentMethodId | null;
  /** The mobile-money number when the payer changed it; null while it is step 1's phone. */
  payerPhone: string | null;
  /** Numbers the buyer chose (docs/plate-numbers.md); absent: all are allocated at approval. */
  chosenNumbers?: string[];
}

export interface WizardState {
  applicationId: string;
  step: WizardStep;
  fields: ApplicationFields;
  paymentMethod: PaymentMethodId | null;
  payerPhone: string | null;
  chosenNumbers: string[];
  errors: WizardErrors;
  /** Goes up on every refused move, so the screen can take focus to the first problem. */
  failedAttempts: number;
  isSubmitting: boolean;
  /** Why the last submit did not go through, when it is not about one field. */
  notice: string | null;
  /** The server already holds this application id with other details: only a new application can change them. */
  isConflict: boolean;
  /** Set once the server has accepted the application (step 3), with its payment as it started. */
  submitted: { reference: string; numberOfPlates: number; payment: Receipt | null } | null;
}

/** The application's rules, as the wizard checks its steps with them, and the check of step 2's payment details (wizard-rules.ts). */
export type WizardRules = Pick<
  typeof ApplicationRules,
  'applicationSchema' | 'applicationStep1Schema' | 'applicationStep2Schema' | 'chosenNumbersProblem'
> & { checkPaymentDetails: typeof checkPaymentDetails };

export type WizardAction =
  | { type: 'fieldChanged'; field: ApplicationField; value: string }
  /** Leaving the number-of-plates box: text that is not a number becomes 1, as the spec says. */
  | { type: 'numberOfPlatesCommitted' }
  | { type: 'paymentMethodChosen'; method: PaymentMethodId }
  | { type: 'payerPhoneChanged'; value: string }
  /** The numbers chosen now (one checked free and added, one removed, one from the home page's check): one plate each. */
  | { type: 'numbersChosen'; numbers: string[] }
  | { type: 'nextRequested'; rules: WizardRules }
  | { type: 'previousRequested' }
  | { type: 'submitRequested'; rules: WizardRules }
  /** The rules have loaded: a draft kept on step 2 whose details no longer pass (an older version's rules) goes back to step 1. */
  | { type: 'rulesLoaded'; rules: WizardRules }
  /** Next or Submit could not be checked: the rules cannot be fetched (offline before they were ever loaded). */
  | { type: 'rulesUnavailable'; message: string }
  | { type: 'submitSucceeded'; reference: string; payment: Receipt | null }
  | { type: 'submitFailed'; message: string | null; errors?: WizardErrors; isConflict?: boolean }
  /** The signed-in account's name, email and phone, filled into those fields while they are empty. */
  | { type: 'profileKnown'; profile: ApplicantProfile }
  /** The same answers as a new application with a new id (after the server refused a changed resubmit). */
  | { type: 'restarted'; applicationId: string };

export function initialWizardState(draft: WizardDraft | null, newApplicationId: string): WizardState {
  const fields = draft?.fields ?? EMPTY_FIELDS;
  // A draft saved on step 2 reopens there; once the rules load, one whose details no longer pass goes back (rulesLoaded).
  const step: WizardStep = draft?.step === 2 ? 2 : 1;
  return {
    applicationId: draft?.applicationId ?? newApplicationId,
    step,
    fields,
    paymentMethod: draft?.paymentMethod ?? null,
    payerPhone: draft?.payerPhone ?? null,
    chosenNumbers: draft?.chosenNumbers ?? [],
    errors: {},
    failedAttempts: 0,
    isSubmitting: false,
    notice: null,
    isConflict: false,
    submitted: null,
  };
}

/** The draft to keep on the device, or null once there is nothing left to keep (submitted). */
export function draftOf(
  state: Pick<WizardState, 'applicationId' | 'step' | 'fields' | 'paymentMethod' | 'payerPhone' | 'chosenNumbers'>,
): WizardDraft | null {
  if (state.step === 3) return null;
  return {
    applicationId: state.applicationId,
    step: state.step,
    fields: state.fields,
    paymentMethod: state.paymentMethod,
    payerPhone: state.payerPhone,
    ...(state.chosenNumbers.length > 0 ? { chosenNumbers: state.chosenNumbers } : {}),
  };
}

/** The number of plates to price, always a valid count for the breakdown. */
export function platesToPrice(fields: ApplicationFields): number {
  const count = parseNumberOfPlates(fields.numberOfPlates);
  return count >= 1 ? count : 1;
}

function paymentDetailsOf(state: WizardState, rules: WizardRules) {
  return rules.checkPaymentDetails({
    method: state.paymentMethod,
    payerPhone: state.payerPhone,
    phoneNumber: state.fields.phoneNumber,
  });
}

/** The application ready to send, or null when a step still has a problem. */
export function applicationToSubmit(state: WizardState, rules: WizardRules): ApplicationToSend | null {
  const result = validate(rules.applicationSchema, {
    ...state.fields,
    paymentMethod: state.paymentMethod ?? undefined,
  });
  if (!result.ok) return null;
  const details = paymentDetailsOf(state, rules);
  if (!details.ok || rules.chosenNumbersProblem(state.chosenNumbers, result.value.numberOfPlates)) return null;
  const chosen = state.chosenNumbers.length > 0 ? { plateNumbers: state.chosenNumbers } : {};
  return { ...result.value, ...details.details, ...chosen };
}

/** Step 1's check of the chosen numbers against the number of plates, as an error, or none. */
function chosenNumbersErrors(state: WizardState, rules: WizardRules): WizardErrors {
  const problem = rules.chosenNumbersProblem(state.chosenNumbers, parseNumberOfPlates(state.fields.numberOfPlates));
  return problem ? { plateNumbers: problem } : {};
}

function hasStep1Error(errors: WizardErrors): boolean {
  return errors.plateNumbers !== undefined || APPLICATION_FIELDS.some((field) => errors[field] !== undefined);
}

function refuse(state: WizardState, changes: Partial<WizardState>): WizardState {
  return { ...state, ...changes, failedAttempts: state.failedAttempts + 1 };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  // Step 3 is final: nothing the user does there changes the application.
  if (state.step === 3) return state;
  switch (action.type) {
    case 'fieldChanged': {
      const errors = { ...state.errors, [action.field]: undefined };
      // Ticking "not yet known" answers the registration's message too.
      if (action.field === 'registrationNotYetKnown') errors.vehicleRegistration = undefined;
      return { ...state, fields: { ...state.fields, [action.field]: action.value }, errors };
    }
    case 'numberOfPlatesCommitted': {
      const normalised = String(parseNumberOfPlates(state.fields.numberOfPlates));
      if (normalised === state.fields.numberOfPlates) return state;
      return { ...state, fields: { ...state.fields, numberOfPlates: normalised } };
    }
    case 'profileKnown': {
      // Only blanks are filled: what the applicant typed, or kept in a draft, stays theirs.
      const known: Partial<ApplicationFields> = {
        fullName: action.profile.name,
        email: action.profile.email,
        phoneNumber: action.profile.phone ?? '',
      };
      const fields = { ...state.fields };
      let changed = false;
      for (const [field, value] of Object.entries(known) as Array<[ApplicationField, string]>) {
        if (fields[field].trim() === '' && value.trim() !== '') {
          fields[field] = value;
          changed = true;
        }
      }
      return changed ? { ...state, fields } : state;
    }
    case 'paymentMethodChosen':
      // Another method asks for other details: the old detail's message no longer applies.
      return {
        ...state,
        paymentMethod: action.method,
        errors: { ...state.errors, paymentMethod: undefined, payerPhone: undefined },
      };
    case 'payerPhoneChanged':
      return { ...state, payerPhone: action.value, errors: { ...state.errors, payerPhone: undefined } };
    case 'numbersChosen': {
      // One number per plate: choosing more numbers than plates asks for more plates.
      const plates = Math.max(parseNumberOfPlates(state.fields.numberOfPlates), action.numbers.length);
      return {
        ...state,
        chosenNumbers: action.numbers,
        fields: { ...state.fields, numberOfPlates: String(plates) },
        errors: { ...state.errors, plateNumbers: undefined, numberOfPlates: undefined },
      };
    }
    case 'nextRequested': {
      if (state.step !== 1) return state;
      const result = validate(action.rules.applicationStep1Schema, state.fields);
      const numbers = chosenNumbersErrors(state, action.rules);
      if (!result.ok) return refuse(state, { errors: { ...result.errors, ...numbers } });
      if (numbers.plateNumbers) return refuse(state, { errors: numbers });
      return { ...state, step: nextStep(state.step), errors: {}, notice: null };
    }
    case 'previousRequested':
      if (state.isSubmitting) return state;
      return { ...state, step: previousStep(state.step), notice: null };
    case 'submitRequested': {
      if (state.step !== 2 || state.isSubmitting) return state;
      const step1 = validate(action.rules.applicationStep1Schema, state.fields);
      if (!step1.ok) return refuse(state, { step: 1, errors: step1.errors });
      const numbers = chosenNumbersErrors(state, action.rules);
      if (numbers.plateNumbers) return refuse(state, { step: 1, errors: numbers });
      const step2 = validate(action.rules.applicationStep2Schema, { paymentMethod: state.paymentMethod ?? undefined });
      if (!step2.ok) return refuse(state, { errors: step2.errors, notice: null });
      const details = paymentDetailsOf(state, action.rules);
      if (!details.ok) return refuse(state, { errors: details.errors, notice: null });
      return { ...state, isSubmitting: true, errors: {}, notice: null, isConflict: false };
    }
    case 'submitSucceeded':
      if (!state.isSubmitting) return state;
      return {
        ...state,
        step: nextStep(state.step),
        isSubmitting: false,
        notice: null,
        submitted: {
          reference: action.reference,
          numberOfPlates: platesToPrice(state.fields),
          payment: action.payment,
        },
      };
    case 'submitFailed': {
      if (!state.isSubmitting) return state;
      const errors = action.errors ?? {};
      // The server found a problem in the personal details: show it where it can be fixed.
      const step = hasStep1Error(errors) ? 1 : state.step;
      const changes = {
        isSubmitting: false,
        step,
        errors,
        notice: action.message,
        isConflict: action.isConflict ?? false,
      };
      return Object.keys(errors).length > 0 ? refuse(state, changes) : { ...state, ...changes };
    }
    case 'rulesLoaded':
      if (state.step !== 2 || state.isSubmitting || validate(action.rules.applicationStep1Schema, state.fields).ok)
        return state;
      return { ...state, step: 1 };
    case 'rulesUnavailable':
      return { ...state, notice: action.message };
    case 'restarted':
      if (state.isSubmitting) return state;
      return { ...state, applicationId: action.applicationId, notice: null, isConflict: false };
  }
}
