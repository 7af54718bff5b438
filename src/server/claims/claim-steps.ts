/**
 * A claim's steps: assess, record the assessed amount, approve for an amount, reject with a
 * reason, mark paid (amount, method, reference, day). Each is judged against
 * the claim's state on the server and told to the policy holder at once (decision 021), and
 * only the claim's own agent takes them; anyone else's claim is answered as unknown. The
 * step route and the demo seed call stepClaimIn inside their transaction.
 */
import {
  CLAIM_NOT_YOURS,
  type ClaimStepRequest,
  claimStepNotice,
  type InsuranceClaim,
  transitionClaim,
} from '#domain/insurance/claim';
import type { Queryable } from '../db/database';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { notify } from '../notifications/notify';
import { auditRepository } from '../repositories/audit-repository';
import { claimRepository } from '../repositories/claim-repository';
import { insuranceRepository } from '../repositories/insurance-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';

const STEP_ACTIONS = {
  assess: 'insurance.claim.assess',
  assessment: 'insurance.claim.assessment',
  approve: 'insurance.claim.approve',
  reject: 'insurance.claim.reject',
  pay: 'insurance.claim.pay',
} as const;

/** The server's calendar day, a day ahead: a device east of UTC (Zambia is UTC+2) may already be in tomorrow. */
const latestPaymentDay = (now: Date) => new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);

/** The amounts a step set, for its audit row (ngwee). */
function amountsOfStep(step: ClaimStepRequest['step'], claim: InsuranceClaim): Record<string, unknown> {
  switch (step) {
    case 'assessment':
      return { assessedAmount: claim.assessedAmount };
    case 'approve':
      return { approvedAmount: claim.approvedAmount };
    case 'pay':
      return {
        paidAmount: claim.paidAmount,
        paymentMethod: claim.paymentMethod,
        paymentReference: claim.paymentReference,
        paidOn: claim.paidOn,
      };
    default:
      return {};
  }
}

/** Who takes a step, when (the server's clock) and from where. */
export interface ClaimChange {
  agent: User;
  at: Date;
  ip: string;
}

/** Takes a step on the agent's own claim inside the caller's transaction (the route, and the demo seed); a Refusal says why not. */
export async function stepClaimIn(
  tx: Queryable,
  { agent, at, ip }: ClaimChange,
  claimId: string,
  request: ClaimStepRequest,
): Promise<InsuranceClaim> {
  const claims = claimRepository(tx);
  await insuranceRepository(tx).lockAgent(agent.id);
  const claim = await claims.find(claimId);
  if (!claim || claim.agentId !== agent.id) throw new Refusal(404, CLAIM_NOT_YOURS);
  const outcome = transitionClaim(
    claim,
    request,
    { id: agent.id, roles: agent.roles },
    at.toISOString(),
    latestPaymentDay(at),
  );
  if (!outcome.ok) {
    if (outcome.reason === 'not-yours') throw new Refusal(404, outcome.message);
    if (outcome.reason === 'reason-required') throw new Refusal(400, outcome.message, { reason: outcome.message });
    if (outcome.reason === 'amount') throw new Refusal(422, outcome.message, outcome.fields);
    throw new Refusal(409, outcome.message);
  }
  const saved = await claims.saveState(claim.id, claim.status, outcome.claim, at);
  // The agent's lock is held, so nothing can have moved the claim since it was read.
  if (!saved) throw new Error(`claim ${claim.id} changed under the agent's lock`);
  await auditRepository(tx).record({
    actorId: agent.id,
    action: STEP_ACTIONS[request.step],
    target: saved.id,
    detail: {
      claimNumber: saved.claimNumber,
      from: claim.status,
      to: saved.status,
      ...(saved.rejectReason ? { reason: saved.rejectReason } : {}),
      ...amountsOfStep(request.step, saved),
    },
    ip,
  });
  // The plate's owner sees the claims on their plate, with their amounts, in the plate's view.
  await plateLifecycle(tx).publish(saved.plateNumber);
  // Recording the assessed amount tells the holder nothing: they hear of the decision.
  if (request.step === 'assessment') return saved;
  const holder = await claims.holderAccount(saved.id);
  const policy = await insuranceRepository(tx).findPolicy(saved.policyId);
  if (holder)
    await notify(tx, holder, {
      kind: 'insurance-claim',
      ...claimStepNotice(saved, policy?.insurer ?? agent.name),
      link: null,
    });
  return saved;
}
