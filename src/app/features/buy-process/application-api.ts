/**
 * Submits a finished application to the server (POST /api/applications), which issues the
 * LP- reference. The application carries its own id so that a submit repeated after a lost
 * answer is recognised, not doubled.
 */
import type { Application } from '#domain/applications/application-form';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../sync/api-client';
import { APPLICATION_FIELDS, type WizardErrors } from './wizard-reducer';

export const SUBMIT_NOT_OPEN = 'Submitting applications opens soon — your application is saved on this device.';
export const SUBMIT_OFFLINE = "You're offline. Your application is saved on this device; submit it when you're back online.";
export const SUBMIT_FAILED = 'We could not submit your application just now. It is saved on this device; please try again.';

export type SubmitApplicationResult = { ok: true; reference: string } | { ok: false; message: string | null; errors: WizardErrors };

interface SubmitAnswer extends ApiErrorBody {
  reference?: unknown;
}

const ERROR_KEYS = [...APPLICATION_FIELDS, 'paymentMethod'] as const;

function fieldErrors(fields: Record<string, string> | undefined): WizardErrors {
  const errors: WizardErrors = {};
  for (const key of ERROR_KEYS) {
    const message = fields?.[key];
    if (typeof message === 'string' && message) errors[key] = message;
  }
  return errors;
}

export async function submitApplication(applicationId: string, application: Application): Promise<SubmitApplicationResult> {
  let result;
  try {
    result = await apiRequest<SubmitAnswer | undefined>('POST', '/api/applications', { id: applicationId, ...application });
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: SUBMIT_OFFLINE, errors: {} };
    throw error;
  }
  const reference = result.body?.reference;
  if (result.ok && typeof reference === 'string' && reference.startsWith('LP-')) return { ok: true, reference };
  if (result.ok) return { ok: false, message: SUBMIT_FAILED, errors: {} };
  // Until the applications API ships, the server has no such route.
  if (result.status === 404) return { ok: false, message: SUBMIT_NOT_OPEN, errors: {} };
  const errors = fieldErrors(result.body?.fields);
  const message = typeof result.body?.message === 'string' && result.body.message ? result.body.message : null;
  if (Object.keys(errors).length > 0) return { ok: false, message, errors };
  return { ok: false, message: message ?? SUBMIT_FAILED, errors };
}
