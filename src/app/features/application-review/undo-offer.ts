/**
 * What the Undo after an approve or reject offers: the decisions that went through, in words,
 * and how long the server allows (counted on the device from when its answer came, so a device
 * clock set wrong never offers Undo longer than the server will accept it). And the words of a
 * request's plate numbers, as the confirmation names them.
 */
import { undoMsLeft } from '#domain/applications/decision-undo';
import type { ReviewDecision } from '#domain/applications/review';
import { formatOrderReferences } from '#domain/orders/order-references';
import type { DecisionsAnswer } from '#domain/api/applications';
import type { AdminApplication } from './applications-api';
import type { DecisionReport } from './decision-report';

export interface UndoOffer {
  readonly decision: ReviewDecision;
  readonly decisionIds: readonly string[];
  /** 'LP-000009 / REQ-009 (Mutale Zulu) approved.' */
  readonly text: string;
  readonly undoUntil: string;
  readonly serverNow: string;
  /** The device's clock when the answer came. */
  readonly heardAt: number;
}

type Named = Pick<AdminApplication, 'reference' | 'applicant'>;

const PAST: Record<ReviewDecision, string> = { approve: 'approved', reject: 'rejected' };

/** The Undo a decision's answer offers, or null when nothing that went through can be undone. */
export function undoOfferFrom(
  answer: Pick<DecisionsAnswer, 'outcomes' | 'serverNow'>,
  decision: ReviewDecision,
  byId: ReadonlyMap<string, Named>,
  heardAt: number,
): UndoOffer | null {
  const undoable = answer.outcomes.flatMap((outcome) =>
    outcome.ok && outcome.decisionId && outcome.undoUntil
      ? [{ requestId: outcome.requestId, decisionId: outcome.decisionId, undoUntil: outcome.undoUntil }]
      : [],
  );
  const [first] = undoable;
  if (!first) return null;
  const names = undoable.map(({ requestId }) => {
    const request = byId.get(requestId);
    const name = formatOrderReferences({ reference: request?.reference ?? '', requestId });
    return request ? `${name} (${request.applicant})` : name;
  });
  const text =
    undoable.length === 1 ? `${names[0]} ${PAST[decision]}.` : `${undoable.length} requests ${PAST[decision]}.`;
  // A bulk decision is undone all together: the earliest window is the one that counts.
  const undoUntil = undoable.reduce(
    (soonest, entry) => (entry.undoUntil < soonest ? entry.undoUntil : soonest),
    first.undoUntil,
  );
  return {
    decision,
    decisionIds: undoable.map((entry) => entry.decisionId),
    text,
    undoUntil,
    serverNow: answer.serverNow,
    heardAt,
  };
}

/** Milliseconds the offer has left at `now` by the device's clock. */
export const offerMsLeft = (offer: UndoOffer, now: number) => undoMsLeft(offer, offer.heardAt, now);

/** '1:54' */
export function formatLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const numbersWord = (n: number) => (n === 1 ? 'Plate number' : 'Plate numbers');

/** The plate numbers a decision concerns, as its confirmation names them. */
export function platesLine(request: AdminApplication, decision: ReviewDecision): string {
  if (decision === 'reject') {
    if (request.plates.length > 0)
      return `${numbersWord(request.plates.length)}: ${request.plates.join(', ')} (taken back)`;
    if (request.requestedNumbers.length > 0)
      return `Chosen ${request.requestedNumbers.length === 1 ? 'number' : 'numbers'}: ${request.requestedNumbers.join(', ')} (let go)`;
    return `${numbersWord(request.quantity)}: none allocated yet`;
  }
  const chosen = request.requestedNumbers;
  const rest = request.quantity - chosen.length;
  if (chosen.length === 0) return `${numbersWord(request.quantity)}: allocated on approval`;
  return `${numbersWord(request.quantity)}: ${chosen.join(', ')}${rest > 0 ? `, and ${rest} allocated on approval` : ''}`;
}

/** The report after an undo: each request and the status it is back to. */
export function undoneReport(
  undone: readonly { requestId: string; status: string }[],
  decision: ReviewDecision,
  byId: ReadonlyMap<string, Named>,
): DecisionReport {
  const what = decision === 'approve' ? 'Approval' : 'Rejection';
  return {
    status: 'success',
    title: `${what} undone`,
    lines: undone.map(({ requestId, status }) => {
      const request = byId.get(requestId);
      const name = formatOrderReferences({ reference: request?.reference ?? '', requestId });
      return {
        requestId,
        ok: true,
        text: `${request ? `${name} (${request.applicant})` : name} is back to ${status}; the applicant was not told.`,
      };
    }),
    toast: null,
  };
}
