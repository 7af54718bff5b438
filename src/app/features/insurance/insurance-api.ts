/**
 * Issuing, renewing and cancelling a policy, and asking a plate's owner to consent to a
 * customer being insured on it: online only, because the server numbers each policy and
 * checks the plate and its owner in the registry. The policy reaches this device with the
 * sync started at once after the answer.
 */
import type { InsurancePolicy } from '#domain/insurance/policy-terms';
import { POLICY_NEEDS_CONNECTION } from '#domain/insurance/policy-terms';
import { consentAskedMessage } from '#domain/insurance/owner-consent';
import type { PolicyAnswer as PolicyStepAnswer } from '#domain/api/insurance';
import type { ApiErrorBody } from '../../api/api-client';
import { refusalReason, runCommand } from '../../api/command';

/** A refusal's status tells the dialog what can be done next: 403 is a plate that is not the customer's (the owner's consent may be asked). */
export type PolicyAnswer =
  | { ok: true; policy: InsurancePolicy }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

async function send(path: string, body: unknown): Promise<PolicyAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path,
    body,
    accept: (answer: Partial<PolicyStepAnswer> & ApiErrorBody) => answer.policy,
  });
  if (outcome.status === 'applied') {
    void import('../../sync/sync-engine').then((module) => module.syncNow());
    return { ok: true, policy: outcome.value };
  }
  if (outcome.status === 'needs-connection')
    return { ok: false, status: 0, message: POLICY_NEEDS_CONNECTION, fields: {} };
  return { ok: false, status: outcome.httpStatus, message: refusalReason(outcome), fields: outcome.fields };
}

export function issuePolicy(input: {
  customerId: string;
  plateNumber: string;
  type: string;
  startDate: string;
  endDate: string;
  premium: string;
}): Promise<PolicyAnswer> {
  return send('/api/insurance/policies', input);
}

export function renewPolicy(policyId: string, premium: string): Promise<PolicyAnswer> {
  return send(`/api/insurance/policies/${encodeURIComponent(policyId)}/renew`, { premium });
}

export function cancelPolicy(policyId: string, reason: string): Promise<PolicyAnswer> {
  return send(`/api/insurance/policies/${encodeURIComponent(policyId)}/cancel`, { reason });
}

export type ConsentAnswer = { ok: true; message: string } | { ok: false; message: string };

/** Asks the plate's registered owner, in their dashboard, to consent to the customer being insured on it. */
export async function askOwnerConsent(
  customerId: string,
  customerName: string,
  plateNumber: string,
): Promise<ConsentAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path: '/api/insurance/consents',
    body: { customerId, plateNumber },
  });
  if (outcome.status === 'applied') return { ok: true, message: consentAskedMessage(plateNumber, customerName) };
  if (outcome.status === 'needs-connection') return { ok: false, message: POLICY_NEEDS_CONNECTION };
  return { ok: false, message: refusalReason(outcome) };
}
