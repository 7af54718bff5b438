/**
 * Submits a finished application to the server (POST /api/applications), which issues the
 * LP- reference and starts its payment with the chosen method. The application carries its
 * own id so that a submit repeated after a lost answer is recognised, not doubled: the
 * server answers with the same reference and the same payment.
 */
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { apiRequest, NetworkError } from '../api/api-client';
import type { Receipt } from '../payments/payment-api';
import { APPLICATION_FIELDS, type WizardErrors } from './application-fields';
import type { ApplicationToSend } from './application-fields';

export const SUBMIT_OFFLINE =
  "You're offline. Your application is saved on this device; submit it when you're back online.";
export const SUBMIT_FAILED =
  'We could not submit your application just now. It is saved on this device; please try again.';
export const SUBMIT_SIGN_IN = 'Please sign in to submit your application. Your answers are saved on this device.';

export type SubmitFailure = 'offline' | 'sign-in' | 'conflict' | 'refused';

export type SubmitApplicationResult =
  | { ok: true; reference: string; payment: Receipt | null }
  | { ok: false; failure: SubmitFailure; message: string | null; errors: WizardErrors };

interface SubmitAnswer {
  reference?: unknown;
  payment?: Receipt | null;
  message?: unknown;
  fields?: Record<string, string>;
}

const ERROR_KEYS = [...APPLICATION_FIELDS, 'paymentMethod', 'payerPhone', 'card'] as const;
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
  application: ApplicationToSend,
): Promise<SubmitApplicationResult> {
  let result;
  try {
    result = await apiRequest<SubmitAnswer | undefined>('POST', '/api/applications', {
      id: applicationId,
      ...application,
    });
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, failure: 'offline', message: SUBMIT_OFFLINE, errors: {} };
    throw error;
  }
  const reference = result.body?.reference;
  if (result.ok && typeof reference === 'string' && reference.startsWith('LP-'))
    return { ok: true, reference, payment: result.body?.payment ?? null };
  if (result.ok) return { ok: false, failure: 'refused', message: SUBMIT_FAILED, errors: {} };
  if (result.status === 401) return { ok: false, failure: 'sign-in', message: SUBMIT_SIGN_IN, errors: {} };
  const errors = fieldErrors(result.body?.fields);
  const message = typeof result.body?.message === 'string' && result.body.message ? result.body.message : null;
  const failure: SubmitFailure = result.status === 409 ? 'conflict' : 'refused';
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
  let result;
  try {
    result = await apiRequest<SubmitAnswer | undefined>(
      'POST',
      `/api/applications/${encodeURIComponent(applicationId)}/payments`,
      retry,
    );
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, failure: 'offline', message: PAY_AGAIN_OFFLINE, errors: {} };
    throw error;
  }
  const payment = result.body?.payment;
  if (result.ok && payment) return { ok: true, payment };
  if (result.status === 401)
    return { ok: false, failure: 'sign-in', message: 'Please sign in to pay for your application.', errors: {} };
  const fields = result.body?.fields;
  // The retry names its wallet number 'phone'; on screen it is the payer's phone field.
  const errors = fieldErrors(fields?.phone ? { ...fields, payerPhone: fields.phone } : fields);
  const message = typeof result.body?.message === 'string' && result.body.message ? result.body.message : null;
  if (Object.keys(errors).length > 0) return { ok: false, failure: 'refused', message: null, errors };
  return {
    ok: false,
    failure: result.status === 409 ? 'conflict' : 'refused',
    message: message ?? SUBMIT_FAILED,
    errors,
  };
}
