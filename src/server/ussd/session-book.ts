/**
 * What one server instance knows of USSD sessions and callers from the steps it answered:
 * each session's last step, and each phone's counted steps in the limit's window (at most the
 * limit's worth: no more are needed to decide). On the embedded database only one process
 * serves, so, filled at start from the step log, this is the whole truth and a step asks the
 * database nothing before it answers; on PostgreSQL several instances share the log, and a
 * step reads it instead (docs/decisions/074-a-ussd-step-in-one-read.md).
 */
import type { UssdStepContext } from '../repositories/ussd-repository';

/** How long a session is remembered after its last step: far beyond any gateway's session. */
export const SESSION_MEMORY_MS = 60 * 60_000;
/** Notes between two sweeps of what has been forgotten. */
const SWEEP_EVERY = 1_000;

export interface NotedStep {
  sessionId: string;
  phone: string;
  caller: string;
  stepOffset: number;
  counted: boolean;
  at: Date;
}

export function sessionBook({ windowMs, max }: { windowMs: number; max: number }) {
  const sessions = new Map<string, { phone: string; stepOffset: number; at: number }>();
  /** Per caller, the times of its newest counted steps, oldest first; at most `max`. */
  const phones = new Map<string, number[]>();
  let notes = 0;

  const sweep = (at: number) => {
    for (const [id, session] of sessions) if (session.at <= at - SESSION_MEMORY_MS) sessions.delete(id);
    for (const [caller, times] of phones) if ((times[times.length - 1] ?? 0) <= at - windowMs) phones.delete(caller);
  };

  return {
    /** A step answered (here, or before this process started, from the log). */
    note(step: NotedStep): void {
      const at = step.at.getTime();
      const known = sessions.get(step.sessionId);
      if (!known || known.at <= at)
        sessions.set(step.sessionId, { phone: step.phone, stepOffset: step.stepOffset, at });
      if (step.counted && max > 0) {
        const times = phones.get(step.caller) ?? [];
        times.push(at);
        times.sort((a, b) => a - b);
        if (times.length > max) times.splice(0, times.length - max);
        phones.set(step.caller, times);
      }
      notes += 1;
      if (notes % SWEEP_EVERY === 0) sweep(at);
    },

    /** The same facts the shared read gives: the session's last step, and the phone's counted steps in the window. */
    context(sessionId: string, caller: string, at: Date): UssdStepContext {
      const since = at.getTime() - windowMs;
      const recent = (phones.get(caller) ?? []).filter((time) => time > since);
      const session = sessions.get(sessionId);
      const oldest = recent[0];
      return {
        session: session && {
          phone: session.phone,
          stepOffset: session.stepOffset,
          lastStepAt: new Date(session.at).toISOString(),
        },
        hits: recent.length,
        oldestAt: oldest === undefined ? null : new Date(oldest).toISOString(),
      };
    },
  };
}
