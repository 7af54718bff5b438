/**
 * Issuing, renewing and cancelling a policy: online only, because the server numbers each
 * policy and checks the plate in the registry. The policy reaches this device with the
 * sync started at once after the answer.
 */
import type { InsurancePolicy } from '#domain/insurance/policy-terms';
import { POLICY_NEEDS_CONNECTION } from '#domain/insurance/policy-terms';
import { apiRequest, type ApiErrorBody, NetworkError } from '../../api/api-client';

export type PolicyAnswer = { ok: true; policy: InsurancePolicy } | { ok: false; message: string; fields: Record<string, string> };

async function send(path: string, body: unknown): Promise<PolicyAnswer> {
  try {
    const result = await apiRequest<{ policy?: InsurancePolicy } & ApiErrorBody>('POST', path, body);
    if (result.ok && result.body.policy) {
      void import('../../sync/sync-engine').then((module) => module.syncNow());
      return { ok: true, policy: result.body.policy };
    }
    return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.`, fields: result.body?.fields ?? {} };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: POLICY_NEEDS_CONNECTION, fields: {} };
    throw error;
  }
}

export function issuePolicy(input: { customerId: string; plateNumber: string; type: string; startDate: string; endDate: string; premium: string }): Promise<PolicyAnswer> {
  return send('/api/insurance/policies', input);
}

export function renewPolicy(policyId: string, premium: string): Promise<PolicyAnswer> {
  return send(`/api/insurance/policies/${encodeURIComponent(policyId)}/renew`, { premium });
}

export function cancelPolicy(policyId: string, reason: string): Promise<PolicyAnswer> {
  return send(`/api/insurance/policies/${encodeURIComponent(policyId)}/cancel`, { reason });
}
