/**
 * Undoing an administrator's approve or reject while its window lasts, and releasing what a
 * decision held back once the window has passed (docs/decisions/069-undo-a-decision.md).
 *
 * An undo puts the request back as it was: an approval's numbers go back where they came from
 * (a random one to the free pool, a chosen one stays held for the request), its shop orders are
 * withdrawn and its held plates let go; a rejection's chosen numbers are held again. Nothing was
 * told or refunded yet, so nothing else needs taking back. Several decisions undone together (a
 * bulk decision) are undone all or none, in one transaction.
 */
import { lookAlikeKey } from '#domain/plates/number-choice';
import { judgeUndo, UNDO_MESSAGES } from '#domain/applications/decision-undo';
import { formatOrderReferences } from '#domain/orders/order-references';
import type { Database, Queryable } from '../db/database';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { applicationRepository, type StoredApplication } from '../repositories/application-repository';
import { auditRepository } from '../repositories/audit-repository';
import { decisionRepository, type StoredDecision } from '../repositories/decision-repository';
import { numberRepository } from '../repositories/number-repository';
import { Refusal } from '../sync/intent';
import { releaseDecisionEffects } from './application-decisions';

export interface UndoInput {
  adminId: string;
  decisionIds: readonly string[];
  ip: string;
  at: Date;
}

export interface UndoneDecision {
  decisionId: string;
  requestId: string;
  status: StoredApplication['status'];
}

/** Undoes every listed decision, or none: the first refusal (404 or 409, in words naming the request) stops them all. */
export async function undoDecisions(db: Database, input: UndoInput): Promise<UndoneDecision[]> {
  return db.transaction(async (tx) => {
    const decisions = decisionRepository(tx);
    const wanted = [...new Set(input.decisionIds)];
    const requests = applicationRepository(tx);
    // Requests first, then decisions: the order a decision takes them in, so the two never deadlock.
    const locked = new Map(
      (await requests.lockMany(await decisions.requestsOf(wanted))).map((request) => [request.id, request]),
    );
    const found = new Map((await decisions.lockMany(wanted)).map((decision) => [decision.id, decision]));
    const undone: UndoneDecision[] = [];
    for (const id of wanted) {
      const decision = found.get(id);
      const request = decision && locked.get(decision.requestId);
      if (!decision || !request) throw new Refusal(404, UNDO_MESSAGES.notFound);
      const started = await requests.manufacturingStarted([request.id]);
      const judged = judgeUndo(decision, { now: input.at, manufacturingStarted: started.has(request.id) });
      const refuse = (message: string): never => {
        throw new Refusal(409, `${namesOf(request)}: ${message}`);
      };
      if (!judged.ok) refuse(judged.message);
      // Changed since by something else (a later decision is caught above): the state kept is no longer "before".
      if (request.version !== decision.versionAfter) refuse(UNDO_MESSAGES.superseded);
      if (decision.decision === 'approve') await takeBackApproval(tx, request, input);
      else {
        const problem = await takeBackRejection(tx, request, decision);
        if (problem) refuse(problem);
      }
      await requests.restoreDecision(request.id, decision.before);
      await decisions.markUndone(decision.id, input.adminId, input.at);
      await decisions.reinstateSuperseded(decision.id);
      await auditRepository(tx).record({
        actorId: input.adminId,
        action: `request.undo-${decision.decision}`,
        target: request.id,
        detail: {
          reference: request.reference,
          references: namesOf(request),
          decisionId: decision.id,
          decidedAt: decision.decidedAt,
          restoredStatus: decision.before.status,
        },
        ip: input.ip,
      });
      undone.push({ decisionId: decision.id, requestId: request.id, status: decision.before.status });
    }
    return undone;
  });
}

/** The approval's numbers forgotten, its shop orders withdrawn and its held plates let go. */
async function takeBackApproval(tx: Queryable, request: StoredApplication, input: UndoInput): Promise<void> {
  const requests = applicationRepository(tx);
  const forgotten = await requests.forgetPlates(request.id);
  await requests.withdrawAgentOrders(
    forgotten.flatMap((plate) => (plate.orderId ? [{ orderId: plate.orderId, agentId: plate.agentId }] : [])),
  );
  await plateLifecycle(tx).release(
    forgotten.map((plate) => plate.plateNumber),
    { id: input.adminId, ip: input.ip },
  );
}

/** The rejection's let-go chosen numbers held again; answers why it cannot be undone, or null. */
async function takeBackRejection(
  tx: Queryable,
  request: StoredApplication,
  decision: StoredDecision,
): Promise<string | null> {
  const numbers = numberRepository(tx);
  for (const held of decision.before.holds) {
    const taken = await numbers.takenReadingLike(lookAlikeKey(held.plateNumber), request.id);
    if (taken.length > 0 || !(await numbers.hold(held.plateNumber, held.lookAlike, request.id, new Date(held.heldAt))))
      return UNDO_MESSAGES.numberTaken(held.plateNumber);
  }
  return null;
}

/**
 * Releases the held decisions whose window has passed: the applicant is told, and a rejection's
 * refund started, each decision in its own transaction. Answers how many were released; the
 * caller sends the refunds and messages they queued.
 */
export async function releaseDueDecisions(db: Database, at: Date, limit = 50): Promise<number> {
  let released = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [decision] = await decisionRepository(tx).claimDue(at, 1);
      if (!decision) return false;
      const request = await applicationRepository(tx).find(decision.requestId);
      if (request) await releaseDecisionEffects(tx, request, decision.effects, decision.decidedBy, at);
      await decisionRepository(tx).markReleased(decision.id, at);
      return true;
    });
    if (!done) return released;
    released += 1;
    if (released >= limit) return released;
  }
}

const namesOf = (request: Pick<StoredApplication, 'reference' | 'id'>) =>
  formatOrderReferences({ reference: request.reference, requestId: request.id });
