/**
 * Policies an insurance agent issues, renews and cancels, and the consent they ask of a
 * plate's owner. These need the server: it numbers each policy (POL-000001) and checks the
 * plate in the registry (registered, valid and not expired) and against the agent's other
 * policies on it. The policy reaches the agent's devices through the change log, and the
 * customer's row is sent again with their vehicles as the registry has them now; the
 * plate's new cover reaches officers' registry copies and the owner's view of the plate in
 * the same transaction. An agent reaches only their own customers and policies, and insures
 * a plate only for its registered owner or with the owner's consent (owner-consent.ts); the
 * owner is told of each policy. The policy routes and the demo seed call these.
 */
import { CUSTOMER_NOT_YOURS } from '#domain/insurance/customer';
import type { ConsentRequestInput } from '#domain/insurance/owner-consent-schemas';
import {
  type InsurancePolicy,
  overlapProblem,
  plateProblem,
  POLICY_NOT_YOURS,
  type PolicyInput,
  policyStatus,
  renewalTerm,
} from '#domain/insurance/policy';
import { uuidv7 } from '#domain/ids/uuid-v7';
import type { Ngwee } from '#domain/money/money';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { auditRepository } from '../repositories/audit-repository';
import { type CustomerRecord, insuranceRepository } from '../repositories/insurance-repository';
import type { StoredInsuranceRequest } from '../repositories/insurance-request-repository';
import { registryRepository } from '../repositories/registry-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import {
  askOwnerConsent,
  checkHolder,
  HolderRefusal,
  insurerOf,
  recordRefusedAttempt,
  tellOwnerOfPolicy,
} from './owner-consent';

const newPolicyId = () => uuidv7(Date.now(), randomBytes(10));

/** Who makes a change, when (the server's clock) and from where; the day is the server's calendar day. */
export interface PolicyChange {
  agent: User;
  at: Date;
  ip: string;
}

/** The agent's own customer, or a 404 that does not say whether someone else's exists. */
async function ownCustomer(tx: Queryable, agent: User, id: string): Promise<CustomerRecord> {
  const customer = await insuranceRepository(tx).findCustomer(id);
  if (!customer || customer.agentId !== agent.id)
    throw new Refusal(404, CUSTOMER_NOT_YOURS, { customerId: CUSTOMER_NOT_YOURS });
  return customer;
}

/** The agent's own policy, or a 404 that does not say whether someone else's exists. */
async function ownPolicy(tx: Queryable, agent: User, id: string): Promise<InsurancePolicy> {
  const policy = await insuranceRepository(tx).findPolicy(id);
  if (!policy || policy.agentId !== agent.id) throw new Refusal(404, POLICY_NOT_YOURS);
  return policy;
}

/** The plate is registered, valid and unexpired. */
async function checkInsurable(tx: Queryable, plateNumber: string, today: string): Promise<void> {
  const plate = plateProblem(plateNumber, await insuranceRepository(tx).insurablePlate(plateNumber), today);
  if (plate) throw new Refusal(422, plate, { plateNumber: plate });
}

/** The plate is insurable, and the term clashes with none of the agent's live policies on it. */
async function checkPlate(
  tx: Queryable,
  agent: User,
  plateNumber: string,
  term: { startDate: string; endDate: string },
  today: string,
): Promise<void> {
  const insurance = insuranceRepository(tx);
  await checkInsurable(tx, plateNumber, today);
  const overlap = overlapProblem(plateNumber, term, await insurance.livePoliciesOnPlate(agent.id, plateNumber));
  if (overlap) throw new Refusal(409, overlap, { plateNumber: overlap });
}

/**
 * A policy on the plate changed: officers' registry copies fetch its bucket again and the
 * owner's view of the plate is sent again, both with the new cover, in the policy's
 * transaction (docs/decisions/020-cover-in-registry-copy.md).
 */
async function coverChanged(tx: Queryable, plateNumber: string): Promise<void> {
  await registryRepository(tx).coverChanged(plateNumber);
  await plateLifecycle(tx).publish(plateNumber);
}

const ACTIONS = {
  issued: 'insurance.policy.issue',
  renewed: 'insurance.policy.renew',
  cancelled: 'insurance.policy.cancel',
};

/**
 * What follows every policy change in its transaction: the plate's new cover published,
 * the owner told, and the change audited under the policy's number and plate.
 */
async function policyChanged(
  tx: Queryable,
  { agent, ip }: PolicyChange,
  policy: InsurancePolicy,
  customerName: string,
  event: keyof typeof ACTIONS,
  detail: Record<string, unknown>,
): Promise<InsurancePolicy> {
  await coverChanged(tx, policy.plateNumber);
  await tellOwnerOfPolicy(tx, policy, customerName, event);
  await auditRepository(tx).record({
    actorId: agent.id,
    action: ACTIONS[event],
    target: policy.id,
    detail: { policyNumber: policy.policyNumber, plateNumber: policy.plateNumber, ...detail },
    ip,
  });
  return policy;
}

/** Issues a policy inside the caller's transaction (the route, and the demo seed); a Refusal says why not. */
export async function issuePolicyIn(
  tx: Queryable,
  { agent, at, ip }: PolicyChange,
  input: PolicyInput,
): Promise<InsurancePolicy> {
  const insurance = insuranceRepository(tx);
  await insurance.lockAgent(agent.id);
  const customer = await ownCustomer(tx, agent, input.customerId);
  await checkPlate(tx, agent, input.plateNumber, input, at.toISOString().slice(0, 10));
  const basis = await checkHolder(tx, agent, customer, input.plateNumber, at);
  const policy = await insurance.issuePolicy(
    { id: newPolicyId(), agentId: agent.id, ...input, insurer: insurerOf(agent), renewedFrom: null },
    at,
  );
  await insurance.refreshCustomer(customer.id);
  return policyChanged(tx, { agent, at, ip }, policy, customer.name, 'issued', {
    type: policy.type,
    premium: policy.premium,
    holder: basis,
  });
}

/** Renews a policy for a new one-year term under a new number (renewalTerm). */
export async function renewPolicyIn(
  tx: Queryable,
  { agent, at, ip }: PolicyChange,
  policyId: string,
  premium: Ngwee,
): Promise<InsurancePolicy> {
  const insurance = insuranceRepository(tx);
  await insurance.lockAgent(agent.id);
  const old = await ownPolicy(tx, agent, policyId);
  if (old.cancelledAt !== null)
    throw new Refusal(409, `Policy ${old.policyNumber} was cancelled: issue a new policy instead.`);
  const today = at.toISOString().slice(0, 10);
  const term = renewalTerm(old, today);
  await checkPlate(tx, agent, old.plateNumber, term, today);
  // The plate may have changed hands, or the consent been withdrawn, since the first term.
  const customer = await ownCustomer(tx, agent, old.customerId);
  const basis = await checkHolder(tx, agent, customer, old.plateNumber, at);
  const policy = await insurance.issuePolicy(
    {
      id: newPolicyId(),
      agentId: agent.id,
      customerId: old.customerId,
      plateNumber: old.plateNumber,
      type: old.type,
      ...term,
      premium,
      insurer: insurerOf(agent),
      renewedFrom: old.id,
    },
    at,
  );
  await insurance.refreshCustomer(old.customerId);
  return policyChanged(tx, { agent, at, ip }, policy, customer.name, 'renewed', {
    renews: old.policyNumber,
    premium: policy.premium,
    holder: basis,
  });
}

/** Cancels an active policy, with the reason. */
export async function cancelPolicyIn(
  tx: Queryable,
  { agent, at, ip }: PolicyChange,
  policyId: string,
  reason: string,
): Promise<InsurancePolicy> {
  const insurance = insuranceRepository(tx);
  await insurance.lockAgent(agent.id);
  const old = await ownPolicy(tx, agent, policyId);
  const status = policyStatus(old, at.toISOString().slice(0, 10));
  if (status === 'Cancelled') throw new Refusal(409, `Policy ${old.policyNumber} is already cancelled.`);
  if (status === 'Expired')
    throw new Refusal(409, `Policy ${old.policyNumber} ended on ${old.endDate}: there is nothing left to cancel.`);
  const policy = await insurance.cancelPolicy(old.id, reason, at);
  if (!policy) throw new Refusal(409, `Policy ${old.policyNumber} is already cancelled.`);
  const customer = await ownCustomer(tx, agent, policy.customerId);
  return policyChanged(tx, { agent, at, ip }, policy, customer.name, 'cancelled', { reason });
}

/**
 * Asks a plate's registered owner to consent to one of the agent's customers being insured
 * on it; the question already waiting, when there is one.
 */
export async function askConsentIn(
  tx: Queryable,
  { agent, at, ip }: PolicyChange,
  input: ConsentRequestInput,
): Promise<StoredInsuranceRequest> {
  await insuranceRepository(tx).lockAgent(agent.id);
  const customer = await ownCustomer(tx, agent, input.customerId);
  await checkInsurable(tx, input.plateNumber, at.toISOString().slice(0, 10));
  return askOwnerConsent(tx, agent, customer, input.plateNumber, at, ip);
}

/** A change done, or the refusal that undid it (its status, words and field messages). */
export type PolicyOutcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/**
 * The policy workflows, each in a transaction of its own, on the server's clock. A policy
 * refused on another person's plate is undone with its transaction, so the attempt (and
 * its alert, when it looks like fraud) is recorded in one of its own, which commits.
 */
export function policyService({ db, now }: { db: Database; now: () => Date }) {
  async function change<T>(ip: string, fn: (tx: Queryable) => Promise<T>): Promise<PolicyOutcome<T>> {
    try {
      return { ok: true, value: await db.transaction(fn) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error instanceof HolderRefusal) await db.transaction((tx) => recordRefusedAttempt(tx, error, now(), ip));
      return { ok: false, refusal: error };
    }
  }

  return {
    issue: (agent: User, ip: string, input: PolicyInput) =>
      change(ip, (tx) => issuePolicyIn(tx, { agent, at: now(), ip }, input)),
    renew: (agent: User, ip: string, policyId: string, premium: Ngwee) =>
      change(ip, (tx) => renewPolicyIn(tx, { agent, at: now(), ip }, policyId, premium)),
    cancel: (agent: User, ip: string, policyId: string, reason: string) =>
      change(ip, (tx) => cancelPolicyIn(tx, { agent, at: now(), ip }, policyId, reason)),
    askConsent: (agent: User, ip: string, input: ConsentRequestInput) =>
      change(ip, (tx) => askConsentIn(tx, { agent, at: now(), ip }, input)),
  };
}
