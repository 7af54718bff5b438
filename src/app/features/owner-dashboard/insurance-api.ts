/**
 * The owner's side of insurance only with the owner, online only: the questions insurance
 * agents asked them (read when the dashboard opens with a connection), their answers, and
 * the dispute of a policy on their plate. After an answer or a dispute a sync is started,
 * so the plates and notifications it changed reach the device.
 */
import {
  DISPUTES_NEED_CONNECTION,
  type InsuranceRequest,
  REQUESTS_NEED_CONNECTION,
} from '#domain/insurance/owner-consent';
import type { InsuranceRequestsAnswer } from '#domain/api/insurance';
import { apiRequest, type ApiErrorBody, NetworkError } from '../../api/api-client';
import { refusalReason, runCommand } from '../../api/command';

export type OwnerAnswer = { ok: true; message: string } | { ok: false; message: string };

const syncSoon = () => void import('../../sync/sync-engine').then((module) => module.syncNow());

/** The questions waiting for the signed-in account holder; null when they cannot be read now (offline). */
export async function fetchInsuranceRequests(): Promise<InsuranceRequest[] | null> {
  try {
    const result = await apiRequest<Partial<InsuranceRequestsAnswer>>('GET', '/api/me/insurance-requests');
    return result.ok ? (result.body.requests ?? []) : null;
  } catch (error) {
    if (error instanceof NetworkError) return null;
    throw error;
  }
}

async function send(path: string, body: unknown, offline: string, done: string): Promise<OwnerAnswer> {
  const outcome = await runCommand<ApiErrorBody | undefined>({ method: 'POST', path, body });
  if (outcome.status === 'needs-connection') return { ok: false, message: offline };
  if (outcome.status === 'refused') return { ok: false, message: refusalReason(outcome) };
  syncSoon();
  return { ok: true, message: outcome.value?.message ?? done };
}

export function answerInsuranceRequest(id: string, answer: 'accept' | 'decline'): Promise<OwnerAnswer> {
  return send(
    `/api/me/insurance-requests/${encodeURIComponent(id)}/${answer}`,
    {},
    REQUESTS_NEED_CONNECTION,
    answer === 'accept' ? 'Accepted' : 'Declined',
  );
}

export function disputePolicy(policyNumber: string, note: string): Promise<OwnerAnswer> {
  return send(
    `/api/me/policies/${encodeURIComponent(policyNumber)}/dispute`,
    { note },
    DISPUTES_NEED_CONNECTION,
    'Disputed',
  );
}
