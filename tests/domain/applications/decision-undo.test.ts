import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  judgeUndo,
  UNDO_MESSAGES,
  UNDO_WINDOW_MS,
  undoMsLeft,
  undoUntil,
  type DecisionState,
} from '#domain/applications/decision-undo';

const decidedAt = new Date('2026-12-06T10:00:00.000Z');
const held = { state: 'held' as DecisionState, undoUntil: undoUntil(decidedAt).toISOString() };
const at = (ms: number) => new Date(decidedAt.getTime() + ms);

describe('undoing a decision', () => {
  it('lasts two minutes from the decision', () => {
    expect(UNDO_WINDOW_MS).toBe(120_000);
    expect(undoUntil(decidedAt).toISOString()).toBe('2026-12-06T10:02:00.000Z');
  });

  it('is allowed inside the window and refused from its last instant on', () => {
    expect(judgeUndo(held, { now: at(UNDO_WINDOW_MS - 1), manufacturingStarted: false })).toEqual({ ok: true });
    expect(judgeUndo(held, { now: at(UNDO_WINDOW_MS), manufacturingStarted: false })).toMatchObject({
      ok: false,
      reason: 'window-passed',
      message: UNDO_MESSAGES.windowPassed,
    });
  });

  it('is refused once manufacturing started, once undone, once replaced, and once released', () => {
    const now = at(1000);
    expect(judgeUndo(held, { now, manufacturingStarted: true })).toMatchObject({ reason: 'manufacturing-started' });
    expect(judgeUndo({ ...held, state: 'undone' }, { now, manufacturingStarted: true })).toMatchObject({
      reason: 'already-undone',
      message: UNDO_MESSAGES.alreadyUndone,
    });
    expect(judgeUndo({ ...held, state: 'superseded' }, { now, manufacturingStarted: false })).toMatchObject({
      reason: 'superseded',
    });
    expect(judgeUndo({ ...held, state: 'released' }, { now, manufacturingStarted: false })).toMatchObject({
      reason: 'window-passed',
    });
  });

  it('is allowed exactly when held, inside the window and before manufacturing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<DecisionState>('held', 'released', 'undone', 'superseded'),
        fc.integer({ min: -1000, max: 3 * UNDO_WINDOW_MS }),
        fc.boolean(),
        (state, elapsed, manufacturingStarted) => {
          const judged = judgeUndo({ ...held, state }, { now: at(elapsed), manufacturingStarted });
          expect(judged.ok).toBe(state === 'held' && elapsed < UNDO_WINDOW_MS && !manufacturingStarted);
        },
      ),
    );
  });

  it('counts the time left on the device from when it heard the answer, whatever its clock says', () => {
    const answer = { undoUntil: '2026-12-06T10:02:00.000Z', serverNow: '2026-12-06T10:00:00.500Z' };
    // A device clock a year off still shows the 119.5 s the server allowed.
    const heardAt = Date.parse('2027-12-06T10:00:00.000Z');
    expect(undoMsLeft(answer, heardAt, heardAt)).toBe(119_500);
    expect(undoMsLeft(answer, heardAt, heardAt + 100_000)).toBe(19_500);
    expect(undoMsLeft(answer, heardAt, heardAt + 200_000)).toBe(0);
    // A clock moved back never lengthens it.
    expect(undoMsLeft(answer, heardAt, heardAt - 50_000)).toBe(119_500);
  });
});
