/**
 * Policies an insurance agent issues, renews and cancels. These need the server: it numbers
 * each policy (POL-000001) and checks the plate in the registry (registered, valid and not
 * expired) and against the agent's other policies on it. The policy reaches the agent's
 * devices through the change log, and the customer's row is sent again with their vehicles
 * as the registry has them now; the plate's new cover reaches officers' registry copies and
 * the owner's view of the plate in the same transaction. An agent reaches only their own
 * customers and policies, and insures a plate only for its registered owner or with the
 * owner's consent (src/server/insurance/owner-consent.ts); the owner is told of each policy.
 */
import { consentAnswer, policyAnswer } from '#domain/api/insurance';
import { CUSTOMER_NOT_YOURS } from '#domain/insurance/customer';
import { consentRequestSchema } from '#domain/insurance/owner-consent-schemas';
import {
  cancelPolicySchema,
  type InsurancePolicy,
  overlapProblem,
  plateProblem,
  POLICY_NOT_YOURS,
  type PolicyInput,
  policyInputSchema,
  policyStatus,
  renewalTerm,
  renewPolicySchema,
} from '#domain/insurance/policy';
import { uuidv7 } from '#domain/ids/uuid-v7';
import type { Ngwee } from '#domain/money/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import {
  askOwnerConsent,
  checkHolder,
  HolderRefusal,
  insurerOf,
  recordRefusedAttempt,
  tellOwnerOfPolicy,
} from '../insurance/owner-consent';
import { auditRepository } from '../repositories/audit-repository';
import { type CustomerRecord, insuranceRepository } from '../repositories/insurance-repository';
import { registryRepository } from '../repositories/registry-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import { errorBody } from '../plugins/error-handler';
import { errorResponse } from './schemas';

const policyParams = z.object({ id: z.string().max(64, 'id must be at most 64 characters') });
const responses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};

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
  await coverChanged(tx, policy.plateNumber);
  await tellOwnerOfPolicy(tx, policy, customer.name, 'issued');
  await auditRepository(tx).record({
    actorId: agent.id,
    action: 'insurance.policy.issue',
    target: policy.id,
    detail: {
      policyNumber: policy.policyNumber,
      plateNumber: policy.plateNumber,
      type: policy.type,
      premium: policy.premium,
      holder: basis,
    },
    ip,
  });
  return policy;
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
  await coverChanged(tx, policy.plateNumber);
  await tellOwnerOfPolicy(tx, policy, customer.name, 'renewed');
  await auditRepository(tx).record({
    actorId: agent.id,
    action: 'insurance.policy.renew',
    target: policy.id,
    detail: {
      policyNumber: policy.policyNumber,
      renews: old.policyNumber,
      plateNumber: policy.plateNumber,
      premium: policy.premium,
      holder: basis,
    },
    ip,
  });
  return policy;
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
  await coverChanged(tx, policy.plateNumber);
  await tellOwnerOfPolicy(tx, policy, (await ownCustomer(tx, agent, policy.customerId)).name, 'cancelled');
  await auditRepository(tx).record({
    actorId: agent.id,
    action: 'insurance.policy.cancel',
    target: policy.id,
    detail: { policyNumber: policy.policyNumber, plateNumber: policy.plateNumber, reason },
    ip,
  });
  return policy;
}

export const insuranceRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  /**
   * Runs a change in one transaction; a Refusal becomes its 4xx answer. A policy refused on
   * another person's plate is undone with its transaction, so the attempt (and its alert,
   * when it looks like fraud) is recorded in one of its own, which commits.
   */
  async function change<T>(
    ip: string,
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; status: number; body: ReturnType<typeof errorBody> }> {
    try {
      return { ok: true, value: await db.transaction(fn) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error instanceof HolderRefusal) await db.transaction((tx) => recordRefusedAttempt(tx, error, now(), ip));
      return { ok: false, status: error.status, body: errorBody(error.status, error.message, error.fields) };
    }
  }

  app.post(
    '/api/insurance/policies',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary: 'Issue a Third Party or Comprehensive policy on a registered plate, for one of your customers',
        body: policyInputSchema,
        response: { 201: policyAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await change(request.ip, (tx) =>
        issuePolicyIn(tx, { agent: request.user as User, at: now(), ip: request.ip }, request.body),
      );
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.body);
      return reply.code(201).send({ policy: outcome.value });
    },
  );

  app.post(
    '/api/insurance/policies/:id/renew',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary:
          'Renew a policy for a new one-year term from the day after it ends (or today, when it has ended): a new policy number',
        params: policyParams,
        body: renewPolicySchema,
        response: { 201: policyAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await change(request.ip, (tx) =>
        renewPolicyIn(
          tx,
          { agent: request.user as User, at: now(), ip: request.ip },
          request.params.id,
          request.body.premium,
        ),
      );
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.body);
      return reply.code(201).send({ policy: outcome.value });
    },
  );

  app.post(
    '/api/insurance/policies/:id/cancel',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary: 'Cancel an active policy, with the reason',
        params: policyParams,
        body: cancelPolicySchema,
        response: { 200: policyAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await change(request.ip, (tx) =>
        cancelPolicyIn(
          tx,
          { agent: request.user as User, at: now(), ip: request.ip },
          request.params.id,
          request.body.reason,
        ),
      );
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.body);
      return { policy: outcome.value };
    },
  );

  app.post(
    '/api/insurance/consents',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary:
          "Ask a plate's registered owner, in their dashboard, to consent to one of your customers (a driver) being insured on it; the question already waiting, when there is one",
        body: consentRequestSchema,
        response: { 201: consentAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const agent = request.user as User;
      const outcome = await change(request.ip, async (tx) => {
        await insuranceRepository(tx).lockAgent(agent.id);
        const customer = await ownCustomer(tx, agent, request.body.customerId);
        await checkInsurable(tx, request.body.plateNumber, now().toISOString().slice(0, 10));
        return askOwnerConsent(tx, agent, customer, request.body.plateNumber, now(), request.ip);
      });
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.body);
      const asked = outcome.value;
      return reply.code(201).send({
        request: {
          id: asked.id,
          kind: asked.kind,
          status: asked.status,
          customerId: asked.customerId,
          plateNumber: asked.plateNumber,
          createdAt: asked.createdAt,
        },
      });
    },
  );
};
