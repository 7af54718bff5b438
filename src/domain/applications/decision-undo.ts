// Taking back an administrator's approve or reject on Plate Requests (docs/decisions/069-undo-a-decision.md).
// A decision can be undone for UNDO_WINDOW_MS after it was made, as long as no plate of the
// request is being made and no later decision replaced it. Until the window ends nothing the
// applicant could notice leaves the server (their messages, the refund a rejection starts).

/** Two minutes: long enough to notice a wrong row, short enough that the applicant barely waits for the news. */
export const UNDO_WINDOW_MS = 2 * 60_000;

export type DecisionState = 'held' | 'released' | 'undone' | 'superseded';

export interface UndoableDecision {
  readonly state: DecisionState;
  /** ISO instant the window ends (decided at + window). */
  readonly undoUntil: string;
}

export interface UndoContext {
  readonly now: Date;
  readonly manufacturingStarted: boolean;
}

export type UndoRefusalReason = 'already-undone' | 'superseded' | 'window-passed' | 'manufacturing-started';

export type UndoJudgement =
  { readonly ok: true } | { readonly ok: false; readonly reason: UndoRefusalReason; readonly message: string };

export const UNDO_MESSAGES = {
  alreadyUndone: 'This decision has already been undone.',
  superseded: 'A later decision on this request replaced this one; undo that one instead.',
  windowPassed:
    'The time to undo this decision has passed: the applicant has been told. Approve or reject the request again instead.',
  manufacturingStarted: 'Manufacturing of this request has started, so the decision can no longer be undone.',
  notFound: 'This decision was not found.',
  numberTaken: (number: string) =>
    `${number}, chosen with this request, has been taken since, so the rejection cannot be undone.`,
} as const;

/** When the window of a decision made at `decidedAt` ends, for a window of `windowMs`. */
export function undoUntil(decidedAt: Date, windowMs: number = UNDO_WINDOW_MS): Date {
  return new Date(decidedAt.getTime() + windowMs);
}

/**
 * Whether a decision may be undone now. An undone decision is refused before anything else (a
 * second press of Undo learns it already worked), then one replaced by a later decision, then
 * the window, then manufacturing: what the administrator can do about each is different.
 */
export function judgeUndo(decision: UndoableDecision, context: UndoContext): UndoJudgement {
  if (decision.state === 'undone') return { ok: false, reason: 'already-undone', message: UNDO_MESSAGES.alreadyUndone };
  if (decision.state === 'superseded') return { ok: false, reason: 'superseded', message: UNDO_MESSAGES.superseded };
  if (decision.state === 'released' || context.now.getTime() >= Date.parse(decision.undoUntil))
    return { ok: false, reason: 'window-passed', message: UNDO_MESSAGES.windowPassed };
  if (context.manufacturingStarted)
    return { ok: false, reason: 'manufacturing-started', message: UNDO_MESSAGES.manufacturingStarted };
  return { ok: true };
}

/**
 * Milliseconds of the window left by the device's own clock: the server's answer says how long
 * the window still had when it answered, and the device counts that down from when it heard,
 * so a device clock set wrong never shows Undo for longer than the server allows.
 */
export function undoMsLeft(answer: { undoUntil: string; serverNow: string }, heardAt: number, now: number): number {
  const leftWhenAnswered = Date.parse(answer.undoUntil) - Date.parse(answer.serverNow);
  return Math.max(0, leftWhenAnswered - Math.max(0, now - heardAt));
}
