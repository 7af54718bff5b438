/** An administrator's decision on a flag, as a mutation for the one write path; the server changes the plate's standing. */
import type { FlagDecisionPayload } from '#domain/police/police';
import { type FlagDecision, flagStatusAfter } from '#domain/police/flags';
import type { LocalPlateFlag } from '../../store/database';
import type { Mutation } from '../../store/mutate';

export function decideFlagMutation(flag: LocalPlateFlag, decision: FlagDecisionPayload): Mutation<LocalPlateFlag> {
  return {
    intent: 'decidePlateFlag',
    table: 'plateFlags',
    // The flag moves to the decided list at once; the next pull brings the server's own decidedAt.
    row: {
      ...flag,
      status: flagStatusAfter(decision.decision),
      decisionNote: decision.note === '' ? null : decision.note,
      decidedAt: new Date().toISOString(),
    },
    payload: decision,
  };
}

/** The action's name on its button, and the toast once it has gone through. */
export const DECISION_ACTIONS: Record<
  FlagDecision,
  { label: string; colorPalette: string; done: (plateNumber: string) => string }
> = {
  revoke: { label: 'Revoke plate', colorPalette: 'red', done: (plateNumber) => `${plateNumber} was revoked` },
  stolen: { label: 'Mark stolen', colorPalette: 'orange', done: (plateNumber) => `${plateNumber} was marked stolen` },
  dismiss: {
    label: 'Dismiss',
    colorPalette: 'gray',
    done: (plateNumber) => `The flag on ${plateNumber} was dismissed`,
  },
};
