/**
 * The administrator's decision on plate requests (docs/decisions/010-purchases-and-reservations.md).
 * Approving allocates the plate numbers and gives the plate maker with the least work an
 * order per plate (it reaches their device through the change log); rejecting takes those
 * back and tells the applicant why, with the refund when the request was paid. Each
 * decision is audited. The decide route and the demo seed both call these.
 *
 * What the applicant would notice (the notification with its SMS and email, and the refund a
 * rejection starts) is held while the decision can still be undone (decision-undo.ts,
 * docs/decisions/069-undo-a-decision.md) and done by releaseDecisionEffects once it cannot.
 */
import { formatKwacha } from '#domain/money/money';
import { formatOrderReferences } from '#domain/orders/order-references';
import { formatPaymentReference } from '#domain/payments/reference';
import { formatRefundReference } from '#domain/payments/refund';
import { collectionDateAfter } from '#domain/plates/lifecycle';
import { decideMany, quantityLabel, type ReviewDecision, type ReviewOutcome } from '#domain/applications/review';
import type { Database, Queryable } from '../db/database';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { notify } from '../notifications/notify';
import { agentRepository } from '../repositories/agent-repository';
import { auditRepository } from '../repositories/audit-repository';
import { shopRepository } from '../repositories/shop-repository';
import { paymentRepository, type StoredPayment } from '../repositories/payment-repository';
import { startRefund } from '../payments/refunds';
import type { RefundReason } from '#domain/payments/refund';
import {
  type AllocatedPlate,
  applicationRepository,
  type StoredApplication,
} from '../repositories/application-repository';
import { allocateNumbers, randomPlateNumber } from './number-allocation';
import {
  avoidingListedWords,
  chosenNumbersAtApproval,
  numberGoneAtApproval,
  rejectedForNumberGone,
} from '../numbers/chosen-numbers';
import { numberRepository } from '../repositories/number-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { formatDay } from '#domain/dates/calendar-day';
import { randomBytes } from 'node:crypto';
import { uuidv7 } from '#domain/ids/uuid-v7';
import { UNDO_WINDOW_MS, undoUntil } from '#domain/applications/decision-undo';
import { type DecisionBefore, type DecisionEffects, decisionRepository } from '../repositories/decision-repository';

export const REQUEST_NOT_FOUND = 'This request no longer exists.';
export const REQUEST_NOT_PAID = 'This request has not been paid yet. Approve it once its payment has been received.';
export const NO_PLATE_MAKER = 'No plate-maker shop is active to make these plates. Approve an agent account first.';
export const NO_FREE_NUMBERS = 'No free plate numbers could be found just now. Please try again.';

export type DecisionOutcome =
  | {
      requestId: string;
      ok: true;
      status: 'Approved' | 'Rejected';
      plates: string[];
      agent: { id: string; name: string } | null;
      /** The decision to name in an undo, and until when it may be (ISO). */
      decisionId?: string;
      undoUntil?: string;
    }
  | { requestId: string; ok: false; reason: string; message: string };

export interface DecisionInput {
  adminId: string;
  ids: readonly string[];
  decision: ReviewDecision;
  reason?: string;
  ip: string;
  at: Date;
  newNumber?: () => string;
  /** How long the decision may be undone (the domain's window unless a test server shortened it). */
  undoWindowMs?: number;
  /** False: told and refunded at once, never undoable (the demo data's decisions, made long ago). */
  undoable?: boolean;
}

/** A decision's result, and what the applicant is to be told (and refunded) when it can no longer be undone. */
type Decided = { outcome: DecisionOutcome; effects: DecisionEffects | null };

/**
 * One decision for each listed request, in one transaction. The domain judges each
 * request on its own (decideMany), so one refusal does not stop the others; the server
 * adds what only it knows: the request exists, it is paid, and a plate maker is active.
 */
export async function decideApplications(db: Database, input: DecisionInput): Promise<DecisionOutcome[]> {
  return db.transaction((tx) => decideApplicationsIn(tx, input));
}

/** The same, inside the caller's transaction (the demo data's approvals run in the seed's). */
export async function decideApplicationsIn(tx: Queryable, input: DecisionInput): Promise<DecisionOutcome[]> {
  // A random number never spells a word on the administrator's list (docs/plate-numbers.md).
  const { settings: numberRules } = await settingsRepository(tx).numberRules();
  const newNumber = avoidingListedWords(input.newNumber ?? (() => randomPlateNumber()), numberRules);
  const requests = applicationRepository(tx);
  const found = new Map((await requests.lockMany(input.ids)).map((request) => [request.id, request]));
  const present = [...found.values()];
  const started = await requests.manufacturingStarted(present.map((request) => request.id));
  const judged = new Map(
    decideMany(present, input.decision, { manufacturingStartedIds: started, reason: input.reason }).map((entry) => [
      entry.requestId,
      entry.outcome,
    ]),
  );
  const latestPayments = await paymentRepository(tx).latestForRequests(present.map((request) => request.id));
  const audit = auditRepository(tx);
  const outcomes: DecisionOutcome[] = [];

  for (const requestId of input.ids) {
    const request = found.get(requestId);
    const outcome: ReviewOutcome | undefined = judged.get(requestId);
    if (!request || !outcome) {
      outcomes.push({ requestId, ok: false, reason: 'not-found', message: REQUEST_NOT_FOUND });
      continue;
    }
    if (outcomes.some((earlier) => earlier.requestId === requestId)) continue; // listed twice: decided once
    let result: DecisionOutcome;
    if (!outcome.ok) result = { requestId, ok: false, reason: outcome.reason, message: outcome.message };
    else {
      const before = await stateBefore(tx, request);
      const decided =
        outcome.status === 'Approved'
          ? await approve(tx, request, latestPayments.get(requestId), input, newNumber)
          : await reject(tx, request, outcome.rejectionReason ?? '', latestPayments.get(requestId), input);
      result = decided.outcome;
      if (result.ok && decided.effects) result = await keep(tx, request, before, decided.effects, result, input);
    }
    await audit.record({
      actorId: input.adminId,
      action: `request.${input.decision}`,
      target: requestId,
      outcome: result.ok ? 'success' : 'failure',
      detail: result.ok
        ? {
            reference: request.reference,
            references: namesOf(request),
            plates: result.plates,
            agentId: result.agent?.id ?? null,
            reason: input.decision === 'reject' ? input.reason?.trim() : undefined,
            decisionId: result.decisionId,
            undoUntil: result.undoUntil,
          }
        : { reference: request.reference, references: namesOf(request), refusal: result.message },
      ip: input.ip,
    });
    outcomes.push(result);
  }
  return outcomes;
}

async function approve(
  tx: Queryable,
  request: StoredApplication,
  payment: StoredPayment | undefined,
  input: DecisionInput,
  newNumber: () => string,
): Promise<Decided> {
  const refused = (reason: string, message: string): Decided => ({
    outcome: { requestId: request.id, ok: false, reason, message },
    effects: null,
  });
  if (payment?.status !== 'approved') return refused('not-paid', REQUEST_NOT_PAID);
  const requests = applicationRepository(tx);
  const agent = await plateMakerFor(tx, request);
  if (!agent) return refused('no-plate-maker', NO_PLATE_MAKER);
  // The numbers the buyer chose come first. Gone by now (listed, registered elsewhere), nothing is
  // allocated: the failure is recorded on the application, which is rejected with that reason and
  // its payment refunded (the buyer paid for those numbers), and the administrator is told why.
  const chosen = await chosenNumbersAtApproval(tx, request.id);
  if (!chosen.ok) {
    const reason = numberGoneAtApproval(chosen.gone);
    await numberRepository(tx).recordAllocationFailure(request.id, reason, input.at);
    // Not the administrator's decision but what approving found: told and refunded at once, not undoable.
    const rejected = await reject(tx, request, reason, payment, input, 'allocation-failed');
    await decisionRepository(tx).supersedeHeld(request.id, null); // an earlier decision still held is never told
    if (rejected.effects) await releaseDecisionEffects(tx, request, rejected.effects, input.adminId, input.at);
    return refused('allocation-failed', rejectedForNumberGone(chosen.gone));
  }
  for (const plateNumber of chosen.numbers)
    if (!(await requests.claimNumber({ plateNumber, requestId: request.id, agentId: agent.id, at: input.at })))
      throw new Error(NO_FREE_NUMBERS); // checked just above under the request's lock: only a race gets here
  const plates = [
    ...chosen.numbers,
    ...(await allocateNumbers(tx, request, agent.id, request.quantity - chosen.numbers.length, input.at, newNumber)),
  ];
  // Not enough numbers: throwing rolls back the whole decision, including numbers claimed above.
  if (plates.length < request.quantity) throw new Error(NO_FREE_NUMBERS);
  const agents = agentRepository(tx);
  const collectionDate = collectionDateAfter(input.at);
  for (const plateNumber of plates) {
    const order = await agents.addOrder({
      agentId: agent.id,
      customerName: request.applicant,
      customerNrc: request.nrcNumber,
      customerPhone: request.orderInfo.phone,
      plateNumber,
      plateType: request.orderInfo.plateType,
      vehicle: request.vehicle,
      collectionDate,
      createdAt: input.at.toISOString(),
      reference: request.reference,
      requestId: request.id,
      deliveryAddress: request.deliveryDestination,
    });
    if (order) await requests.setOrder(plateNumber, order.id);
    await plateLifecycle(tx).hold(
      {
        plateNumber,
        ownerId: request.applicantId,
        ownerName: request.applicant,
        ownerNrc: request.nrcNumber,
        source: 'application',
        sourceRef: request.id,
        agentId: agent.id,
        orderId: order?.id ?? null,
        at: input.at,
      },
      { id: input.adminId, ip: input.ip },
    );
  }
  await requests.setDecision(request.id, {
    status: 'Approved',
    rejectionReason: null,
    agentId: agent.id,
    decidedBy: input.adminId,
    decidedAt: input.at,
  });
  const shop = agent.businessName ?? agent.name;
  const them = request.quantity === 1 ? 'it' : 'them';
  const handOver =
    request.deliveryDestination === null
      ? `collect from ${formatDay(collectionDate)}`
      : `${them === 'it' ? 'it is' : 'they are'} delivered to ${request.deliveryDestination} from ${formatDay(collectionDate)}`;
  return {
    outcome: { requestId: request.id, ok: true, status: 'Approved', plates, agent: { id: agent.id, name: shop } },
    effects: {
      notification: {
        kind: 'request-approved',
        title: `Application ${namesOf(request)} approved`,
        body: `Your application for ${quantityLabel(request.quantity)} was approved: ${plates.join(', ')}. ${shop} will make ${them}; ${handOver}.`,
      },
      refund: null,
    },
  };
}

/**
 * Who makes the plates: the shop the applicant chose, while it is still approved and active;
 * otherwise (left to the administrator, or the chosen shop suspended since) the active shop with
 * the least work (docs/decisions/056-the-buyer-chooses-the-plate-shop.md).
 */
async function plateMakerFor(
  tx: Queryable,
  request: StoredApplication,
): Promise<{ id: string; name: string; businessName: string | null } | undefined> {
  if (request.chosenShopId !== null) {
    const chosen = await shopRepository(tx).activeShop(request.chosenShopId);
    if (chosen) return { id: chosen.id, name: chosen.name, businessName: chosen.name };
  }
  return applicationRepository(tx).leastLoadedAgent();
}

async function reject(
  tx: Queryable,
  request: StoredApplication,
  reason: string,
  payment: StoredPayment | undefined,
  input: DecisionInput,
  refundReason: RefundReason = 'application-rejected',
): Promise<Decided> {
  const requests = applicationRepository(tx);
  // Numbers the buyer chose and never received are free for others again.
  await numberRepository(tx).releaseHolds(request.id);
  const released: AllocatedPlate[] = await requests.releasePlates(request.id, input.at);
  await requests.withdrawAgentOrders(
    released.flatMap((plate) => (plate.orderId ? [{ orderId: plate.orderId, agentId: plate.agentId }] : [])),
  );
  await plateLifecycle(tx).release(
    released.map((plate) => plate.plateNumber),
    { id: input.adminId, ip: input.ip },
  );
  await requests.setDecision(request.id, {
    status: 'Rejected',
    rejectionReason: reason,
    agentId: null,
    decidedBy: input.adminId,
    decidedAt: input.at,
  });
  // A paid request is refunded through the payment provider, once the decision can no longer be undone.
  return {
    outcome: { requestId: request.id, ok: true, status: 'Rejected', plates: [], agent: null },
    effects: {
      notification: {
        kind: 'request-rejected',
        title: `Application ${namesOf(request)} rejected`,
        body: `Your application for ${quantityLabel(request.quantity)} was rejected. Reason: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`,
      },
      refund: payment?.status === 'approved' ? { paymentId: payment.id, reason: refundReason } : null,
    },
  };
}

/** 'LP-000009 / REQ-009': what the applicant holds beside what the administrator's list shows. */
const namesOf = (request: Pick<StoredApplication, 'reference' | 'id'>) =>
  formatOrderReferences({ reference: request.reference, requestId: request.id });

/** The request as it stands before a decision: what undoing the decision puts back. */
async function stateBefore(tx: Queryable, request: StoredApplication): Promise<DecisionBefore> {
  const [holds, plates] = await Promise.all([
    numberRepository(tx).holdsOf(request.id),
    applicationRepository(tx).platesOf([request.id]),
  ]);
  return {
    status: request.status,
    rejectionReason: request.rejectionReason,
    agentId: request.agentId,
    decidedBy: request.decidedBy,
    decidedAt: request.decidedAt,
    holds,
    plates: (plates.get(request.id) ?? []).map((plate) => plate.plateNumber),
  };
}

/**
 * Keeps the decision so that it can be undone, its effects held until the window ends; a decision
 * of the same request still held is replaced (its applicant will hear only the later one). A
 * decision that is not undoable is kept as released, its effects done at once.
 */
async function keep(
  tx: Queryable,
  request: StoredApplication,
  before: DecisionBefore,
  effects: DecisionEffects,
  result: Extract<DecisionOutcome, { ok: true }>,
  input: DecisionInput,
): Promise<DecisionOutcome> {
  const decisions = decisionRepository(tx);
  const id = uuidv7(input.at.getTime(), randomBytes(10));
  // A rejection that takes back an approval's plates is final: giving them back would need new
  // shop orders and collection dates, so the administrator approves again instead.
  const isUndoable = (input.undoable ?? true) && !(input.decision === 'reject' && before.plates.length > 0);
  const until = undoUntil(input.at, isUndoable ? (input.undoWindowMs ?? UNDO_WINDOW_MS) : 0);
  await decisions.insert({
    id,
    requestId: request.id,
    decision: input.decision,
    decidedBy: input.adminId,
    decidedAt: input.at.toISOString(),
    undoUntil: until.toISOString(),
    before,
    versionAfter: request.version + 1,
    effects,
    state: isUndoable ? 'held' : 'released',
  });
  await decisions.supersedeHeld(request.id, id);
  if (!isUndoable) {
    await releaseDecisionEffects(tx, request, effects, input.adminId, input.at);
    return result;
  }
  return { ...result, decisionId: id, undoUntil: until.toISOString() };
}

/**
 * What the applicant hears of a decision that can no longer be undone: the refund a rejection
 * starts (sent to the provider once this transaction commits), then the notification with its
 * SMS and email, naming the refund.
 */
export async function releaseDecisionEffects(
  tx: Queryable,
  request: StoredApplication,
  effects: DecisionEffects,
  decidedBy: string | null,
  at: Date,
): Promise<void> {
  let body = effects.notification.body;
  if (effects.refund) {
    const started = await startRefund(tx, {
      paymentId: effects.refund.paymentId,
      reason: effects.refund.reason,
      requestedBy: decidedBy,
      at,
    });
    const payment = await paymentRepository(tx).find(effects.refund.paymentId);
    if (payment && started)
      body += ` Your payment ${formatPaymentReference(payment.number)} of ${formatKwacha(payment.amount)} will be refunded: refund ${formatRefundReference(started.number)} of ${formatKwacha(started.amount)} has been started.`;
  }
  await notifyApplicant(tx, request, { ...effects.notification, body });
}

async function notifyApplicant(
  tx: Queryable,
  request: StoredApplication,
  notification: { kind: string; title: string; body: string },
): Promise<void> {
  await notify(tx, request.applicantId, { ...notification, link: '/dashboard/user' });
}
