/**
 * Insurance only with the owner (docs/insurance.md): the one place that decides who a policy
 * on a plate may be issued to, asks and records the owner's consent, links a customer to an
 * account once its holder accepts, and takes an owner's dispute of a policy on their plate.
 * The policy routes, the saveCustomer intent, the owner's routes and the demo seed all call
 * these, inside the caller's transaction.
 */
import { randomBytes } from 'node:crypto';
import type { IntegrityAlert } from '#domain/integrity/integrity-alert';
import { uuidv7 } from '#domain/ids/uuid-v7';
import {
  checkPolicyHolder,
  consentNotNeeded,
  fraudSign,
  type HolderBasis,
  holderFieldMessage,
  type HolderMissing,
  POLICY_NOT_ON_YOUR_PLATE,
  policyAlreadyDisputed,
  REQUEST_ANSWERED,
  REQUEST_NOT_YOURS,
  requestText,
} from '#domain/insurance/owner-consent';
import type { InsurancePolicy } from '#domain/insurance/policy-terms';
import type { Queryable } from '../db/database';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { notify } from '../notifications/notify';
import { auditRepository } from '../repositories/audit-repository';
import type { NewIntegrityAlert } from '../repositories/integrity-alert-repository';
import { type CustomerRecord, insuranceRepository } from '../repositories/insurance-repository';
import { insuranceRequestRepository, type StoredInsuranceRequest } from '../repositories/insurance-request-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import { formatDay } from '#domain/dates/calendar-day';

const DAY_MS = 24 * 3600 * 1000;
const newId = (at: Date) => uuidv7(at.getTime(), randomBytes(10));
const day = (at: string) => at.slice(0, 10);

/** Where each party answers or reads: the owner's dashboard, the agent's policies. */
export const OWNER_DASHBOARD_LINK = '/dashboard';
export const OWNER_PLATES_LINK = '/dashboard/user/plates';
export const AGENT_POLICIES_LINK = '/dashboard/insurance-agent/policies';
export const AGENT_CUSTOMERS_LINK = '/dashboard/insurance-agent/customers';

/** The insurer named on the agent's policies and requests: their business, or their own name. */
export const insurerOf = (agent: Pick<User, 'businessName' | 'name'>) => agent.businessName?.trim() || agent.name;

/**
 * A policy refused because the customer is not the plate's owner and has no consent. The
 * policy's transaction is undone, so the route records the attempt (and the alert, when it
 * looks like fraud) in a transaction of its own: recordRefusedAttempt.
 */
export class HolderRefusal extends Refusal {
  constructor(
    message: string,
    readonly attempt: {
      agentId: string;
      customerId: string;
      customerName: string;
      plateNumber: string;
      missing: HolderMissing;
    },
    alert: NewIntegrityAlert | undefined,
  ) {
    // The plate's field says it briefly; the message above the form says what is missing and what to do.
    super(403, message, { plateNumber: holderFieldMessage(attempt.plateNumber, attempt.customerName) }, alert);
    this.name = 'HolderRefusal';
  }
}

/**
 * Whether the customer may hold a policy on the plate (checkPolicyHolder): the basis when
 * they may; a HolderRefusal naming what is missing when not, carrying an alert when the
 * attempt looks like fraud (fraudSign).
 */
export async function checkHolder(
  tx: Queryable,
  agent: User,
  customer: CustomerRecord,
  plateNumber: string,
  at: Date,
): Promise<HolderBasis> {
  const insurance = insuranceRepository(tx);
  const owner = await insurance.plateOwner(plateNumber);
  // The plate was checked as registered just before, under the agent's lock.
  if (!owner) throw new Error(`${plateNumber} left the registry during the policy check`);
  const consent =
    owner.accountId === null
      ? null
      : await insuranceRequestRepository(tx).consentFor(customer.id, plateNumber, owner.accountId);
  const check = checkPolicyHolder({ plateNumber, customer, owner, consent });
  if (check.ok) return check.basis;
  const refusedEarlier = await insurance.refusedPlatesSince(agent.id, new Date(at.getTime() - DAY_MS));
  const sign = fraudSign({
    plateNumber,
    customerName: customer.name,
    ownerName: owner.name,
    missing: check.missing,
    refusedEarlier,
  });
  const alert: NewIntegrityAlert | undefined = sign
    ? {
        kind: 'policy-not-owner',
        subjectId: agent.id,
        plateNumber,
        summary: `${insurerOf(agent)} tried to insure ${plateNumber} for ${customer.name}, who is not its registered owner and has no consent from them: ${sign}.`,
        evidence: {
          customer: customer.name,
          customerNrc: customer.nrc,
          registeredOwner: owner.name,
          registeredOwnerNrc: owner.nrc,
          ownerConsent: consent ? `${consent.status} (${day(consent.at)})` : 'never asked',
          platesRefusedWithin24Hours: String(new Set([...refusedEarlier, plateNumber]).size),
        },
      }
    : undefined;
  throw new HolderRefusal(
    check.message,
    { agentId: agent.id, customerId: customer.id, customerName: customer.name, plateNumber, missing: check.missing },
    alert,
  );
}

/** Records a refused attempt on another person's plate (audited, so a pattern can be seen) and raises its alert, if any. */
export async function recordRefusedAttempt(
  tx: Queryable,
  refusal: HolderRefusal,
  at: Date,
  ip: string,
): Promise<IntegrityAlert | undefined> {
  const { agentId, customerId, plateNumber, missing } = refusal.attempt;
  await auditRepository(tx).record({
    actorId: agentId,
    action: 'insurance.policy.refused',
    target: plateNumber,
    outcome: 'failure',
    detail: { customerId, missing, alert: refusal.alert?.kind ?? null },
    ip,
  });
  return refusal.alert ? raiseIntegrityAlert(tx, refusal.alert, at) : undefined;
}

/** Tells the plate's owner (when they have an account) of a policy issued, renewed or cancelled on it. */
export async function tellOwnerOfPolicy(
  tx: Queryable,
  policy: InsurancePolicy,
  holderName: string,
  change: 'issued' | 'renewed' | 'cancelled',
): Promise<void> {
  const owner = await insuranceRepository(tx).plateOwner(policy.plateNumber);
  if (!owner?.accountId) return;
  const term = `${policy.type} cover by ${policy.insurer} for ${holderName}, from ${formatDay(policy.startDate)} to ${formatDay(policy.endDate)}`;
  await notify(tx, owner.accountId, {
    kind: 'insurance-policy',
    title: `Policy ${policy.policyNumber} ${change} on ${policy.plateNumber}`,
    body:
      change === 'cancelled'
        ? `${policy.insurer} cancelled ${term}.`
        : `${policy.insurer} ${change} ${term}. If you do not recognise it, dispute it in My Plates & Orders (View the plate).`,
    link: `${OWNER_PLATES_LINK}?plate=${encodeURIComponent(policy.plateNumber)}`,
  });
}

// ---------------------------------------------------------------------------------------------
// The agent asks; the account holder answers

/** Asks the plate's owner to let the agent insure it for the customer; the question waiting already, when there is one. */
export async function askOwnerConsent(
  tx: Queryable,
  agent: User,
  customer: CustomerRecord,
  plateNumber: string,
  at: Date,
  ip: string,
): Promise<StoredInsuranceRequest> {
  const owner = await insuranceRepository(tx).plateOwner(plateNumber);
  if (!owner) throw new Error(`${plateNumber} left the registry during the consent request`);
  const requests = insuranceRequestRepository(tx);
  const check = checkPolicyHolder({
    plateNumber,
    customer,
    owner,
    consent: owner.accountId ? await requests.consentFor(customer.id, plateNumber, owner.accountId) : null,
  });
  if (check.ok)
    throw new Refusal(409, consentNotNeeded(plateNumber, customer.name), {
      plateNumber: consentNotNeeded(plateNumber, customer.name),
    });
  if (check.missing === 'owner-unreachable' || owner.accountId === null)
    throw new Refusal(422, check.message, { plateNumber: check.message });
  const { request, isNew } = await requests.askConsent(
    { id: newId(at), agentId: agent.id, customerId: customer.id, accountId: owner.accountId, plateNumber },
    at,
  );
  if (isNew) {
    await notify(tx, owner.accountId, {
      kind: 'insurance-consent',
      title: `Consent asked to insure ${plateNumber}`,
      body: `${requestText(request)} Answer in your dashboard.`,
      link: OWNER_DASHBOARD_LINK,
    });
    await auditRepository(tx).record({
      actorId: agent.id,
      action: 'insurance.consent.ask',
      target: plateNumber,
      detail: { requestId: request.id, customerId: customer.id },
      ip,
    });
  }
  return request;
}

/** Tells the account holders of link requests nobody has told them of yet (after the agent's save was answered). */
export async function tellOfLinkRequests(tx: Queryable, at: Date, limit = 50): Promise<number> {
  const requests = await insuranceRequestRepository(tx).claimUnnotified(at, limit);
  for (const request of requests) {
    await notify(tx, request.accountId, {
      kind: request.kind === 'link' ? 'insurance-link' : 'insurance-consent',
      title:
        request.kind === 'link'
          ? `${request.insurer} recorded you as a customer`
          : `Consent asked to insure ${request.plateNumber ?? ''}`,
      body: `${requestText(request)} Answer in your dashboard.`,
      link: OWNER_DASHBOARD_LINK,
    });
    await auditRepository(tx).record({
      actorId: request.agentId,
      action: `insurance.${request.kind}.ask`,
      target: request.accountId,
      detail: { requestId: request.id, customerId: request.customerId },
      ip: null,
    });
  }
  return requests.length;
}

/** The account holder accepts or declines a question waiting for them. */
export async function answerRequest(
  tx: Queryable,
  user: User,
  id: string,
  answer: 'Accepted' | 'Declined',
  at: Date,
  ip: string,
): Promise<StoredInsuranceRequest> {
  const requests = insuranceRequestRepository(tx);
  const request = await requests.find(id, { forUpdate: true });
  if (!request || request.accountId !== user.id) throw new Refusal(404, REQUEST_NOT_YOURS);
  if (request.status !== 'Pending' || !(await requests.answer(id, answer, at)))
    throw new Refusal(409, REQUEST_ANSWERED);
  const insurance = insuranceRepository(tx);
  if (request.kind === 'link') {
    if (answer === 'Accepted') {
      await insurance.linkCustomer(request.customerId, user.id, at);
      await notify(tx, request.agentId, {
        kind: 'insurance-link-accepted',
        title: `${request.customerName} accepted your customer link`,
        body: `${request.customerName} (NRC ${request.customerNrc}) confirmed they are your customer: the plates registered to their Nambala account are now in your customer list.`,
        link: AGENT_CUSTOMERS_LINK,
      });
    }
    // A declined link tells the agent nothing: they never learn the account exists.
  } else {
    if (answer === 'Accepted') await insurance.refreshCustomer(request.customerId);
    await notify(tx, request.agentId, {
      kind: answer === 'Accepted' ? 'insurance-consent-accepted' : 'insurance-consent-declined',
      title: `Consent ${answer === 'Accepted' ? 'given' : 'declined'} for ${request.plateNumber ?? ''}`,
      body:
        answer === 'Accepted'
          ? `The owner of ${request.plateNumber ?? ''} consents to ${request.customerName} being insured on it: you may issue the policy.`
          : `The owner of ${request.plateNumber ?? ''} declined to have it insured for ${request.customerName}.`,
      link: AGENT_POLICIES_LINK,
    });
  }
  await auditRepository(tx).record({
    actorId: user.id,
    action: `insurance.${request.kind}.${answer === 'Accepted' ? 'accept' : 'decline'}`,
    target: request.id,
    detail: { agentId: request.agentId, customerId: request.customerId, plateNumber: request.plateNumber },
    ip,
  });
  return { ...request, status: answer };
}

// ---------------------------------------------------------------------------------------------
// The owner disputes a policy on their plate

/**
 * The plate's registered owner says they do not recognise a policy on it: recorded on the
 * policy, an integrity alert for the administrator ('policy-disputed'), the insurer told, the
 * owner's view of the plate sent again with the dispute. Another person's policy is answered
 * as unknown.
 */
export async function disputePolicy(
  tx: Queryable,
  owner: User,
  policyNumber: string,
  note: string,
  at: Date,
  ip: string,
): Promise<IntegrityAlert> {
  const insurance = insuranceRepository(tx);
  const policy = await insurance.policyForOwner(policyNumber);
  if (!policy || policy.ownerId !== owner.id) throw new Refusal(404, POLICY_NOT_ON_YOUR_PLATE);
  if (policy.disputedAt !== null) throw new Refusal(409, policyAlreadyDisputed(policy.policyNumber, policy.disputedAt));
  await insurance.disputePolicy(policy.id, owner.id, note, at);
  const alert = await raiseIntegrityAlert(
    tx,
    {
      kind: 'policy-disputed',
      subjectId: policy.agentId,
      plateNumber: policy.plateNumber,
      summary: `${policy.ownerName}, the registered owner of ${policy.plateNumber}, does not recognise policy ${policy.policyNumber} (${policy.type}, ${policy.insurer}, ${formatDay(policy.startDate)} to ${formatDay(policy.endDate)}) held by ${policy.holderName}.`,
      evidence: {
        policyNumber: policy.policyNumber,
        holder: policy.holderName,
        holderNrc: policy.holderNrc,
        registeredOwner: policy.ownerName,
        registeredOwnerNrc: policy.ownerNrc,
        issuedAt: policy.createdAt,
        ownersNote: note || '(none)',
      },
    },
    at,
  );
  await notify(tx, policy.agentId, {
    kind: 'insurance-policy-disputed',
    title: `Policy ${policy.policyNumber} disputed by the owner of ${policy.plateNumber}`,
    body: `The registered owner of ${policy.plateNumber} says they do not recognise policy ${policy.policyNumber} for ${policy.holderName}. The registry's administrator is reviewing it.`,
    link: AGENT_POLICIES_LINK,
  });
  await plateLifecycle(tx).publish(policy.plateNumber);
  await auditRepository(tx).record({
    actorId: owner.id,
    action: 'insurance.policy.dispute',
    target: policy.id,
    detail: { policyNumber: policy.policyNumber, plateNumber: policy.plateNumber, alertId: alert.id },
    ip,
  });
  return alert;
}
