/**
 * Submits a finished application to the server (POST /api/applications), which issues the
 * LP- reference and starts its payment with the chosen method. The application carries its
 * own id so that a submit repeated after a lost answer is recognised, not doubled: the
 * server answers with the same reference and the same payment.
 */
import type { PaymentMethodId } from '#domain/pricing/pricing';
import type { CollectionChoice } from '#domain/collection/collection';
import type { ApplicationAnswer } from '#domain/api/applications';
import { runCommand } from '../api/command';
import type { Receipt } from '../payments/payment-api';
import { APPLICATION_FIELDS, type WizardErrors } from './application-fields';
import type { ApplicationToSend } from './application-fields';

import { SUBMIT_FAILED, SUBMIT_OFFLINE, SUBMIT_SIGN_IN } from './application-messages';

export { SUBMIT_FAILED, SUBMIT_OFFLINE, SUBMIT_SIGN_IN };

export type SubmitFailure = 'offline' | 'sign-in' | 'conflict' | 'refused';

export type SubmitApplicationResult =
  | { ok: true; reference: string; payment: Receipt | null }
  | { ok: false; failure: SubmitFailure; message: string | null; errors: WizardErrors };

const ERROR_KEYS = [...APPLICATION_FIELDS, 'paymentMethod', 'payerPhone', 'card', 'plateNumbers'] as const;
/** The retry route's name for the method. */
const RETRY_KEYS: Record<string, 'paymentMethod'> = { method: 'paymentMethod' };

function fieldErrors(fields: Record<string, string> | undefined): WizardErrors {
  const errors: WizardErrors = {};
  for (const key of ERROR_KEYS) {
    const message = fields?.[key];
    if (typeof message === 'string' && message) errors[key] = message;
  }
  for (const [key, field] of Object.entries(RETRY_KEYS)) {
    const message = fields?.[key];
    if (typeof message === 'string' && message) errors[field] ??= message;
  }
  return errors;
}

export async function submitApplication(
  applicationId: string,
  application: ApplicationToSend & Partial<CollectionChoice>,
): Promise<SubmitApplicationResult> {
  const outcome = await runCommand({
    method: 'POST',
    path: '/api/applications',
    body: { id: applicationId, ...application },
    accept: (answer: Partial<ApplicationAnswer> | undefined) => {
      const reference = answer?.reference;
      return typeof reference === 'string' && reference.startsWith('LP-')
        ? { reference, payment: answer?.payment ?? null }
        : null;
    },
  });
  if (outcome.status === 'needs-connection')
    return { ok: false, failure: 'offline', message: SUBMIT_OFFLINE, errors: {} };
  if (outcome.status === 'applied') return { ok: true, ...outcome.value };
  // Answered 2xx without a reference: not something to show as submitted.
  if (outcome.httpStatus < 300) return { ok: false, failure: 'refused', message: SUBMIT_FAILED, errors: {} };
  if (outcome.httpStatus === 401) return { ok: false, failure: 'sign-in', message: SUBMIT_SIGN_IN, errors: {} };
  const errors = fieldErrors(outcome.fields);
  const message = outcome.reason || null;
  const failure: SubmitFailure = outcome.httpStatus === 409 ? 'conflict' : 'refused';
  // Field messages speak for themselves under their fields; the summary would only repeat the first.
  if (Object.keys(errors).length > 0) return { ok: false, failure, message: null, errors };
  return { ok: false, failure, message: message ?? SUBMIT_FAILED, errors };
}

export interface PaymentRetry {
  /** New for each attempt, kept across resends of that attempt: the server charges an attempt once. */
  idempotencyKey: string;
  method: PaymentMethodId;
  phone?: string;
  card?: { number: string };
}

export type PaymentRetryResult =
  { ok: true; payment: Receipt } | { ok: false; failure: SubmitFailure; message: string | null; errors: WizardErrors };

export const PAY_AGAIN_OFFLINE = "You're offline. Nothing was charged; try again when you're back online.";

/** Pays an application again after its payment was declined or timed out (POST /api/applications/:id/payments). */
export async function payApplicationAgain(applicationId: string, retry: PaymentRetry): Promise<PaymentRetryResult> {
  const outcome = await runCommand({
    method: 'POST',
    path: `/api/applications/${encodeURIComponent(applicationId)}/payments`,
    body: retry,
    accept: (answer: Partial<ApplicationAnswer> | undefined) => answer?.payment,
  });
  if (outcome.status === 'needs-connection')
    return { ok: false, failure: 'offline', message: PAY_AGAIN_OFFLINE, errors: {} };
  if (outcome.status === 'applied') return { ok: true, payment: outcome.value };
  if (outcome.httpStatus === 401)
    return { ok: false, failure: 'sign-in', message: 'Please sign in to pay for your application.', errors: {} };
  const fields = outcome.fields;
  // The retry names its wallet number 'phone'; on screen it is the payer's phone field.
  const errors = fieldErrors(fields.phone ? { ...fields, payerPhone: fields.phone } : fields);
  const message = outcome.reason || null;
  if (Object.keys(errors).length > 0) return { ok: false, failure: 'refused', message: null, errors };
  return {
    ok: false,
    failure: outcome.httpStatus === 409 ? 'conflict' : 'refused',
    message: message ?? SUBMIT_FAILED,
    errors,
  };
}
