/**
 * The log of USSD steps (`ussd_steps`): what each caller typed and was shown, for the operator
 * to read, and all a step needs to know before it answers: where its session stands (its last
 * step: one idle past the limit starts over) and how many steps the phone made in the window.
 */
import { normalisePhone } from '#domain/validation/identity-checks';
import type { Queryable } from '../db/database';

/** Where a session stands, from its last step logged. */
export interface UssdSessionState {
  /** The phone number as the network gave it at the last step. */
  phone: string;
  /** Steps of the gateway's input that came before the session last started over. */
  stepOffset: number;
  lastStepAt: string;
}

/** What one step needs to know before it answers: the session's last step and the phone's recent count. */
export interface UssdStepContext {
  session: UssdSessionState | undefined;
  /** The phone's counted steps since the window began, at most the limit asked for. */
  hits: number;
  /** The oldest of those: when it leaves the window, the phone may step again. */
  oldestAt: string | null;
}

/** One step as it is logged. */
export interface UssdStepRecord {
  /** Made when the step was answered: a write repeated after a failure keeps one row. */
  key: string;
  sessionId: string;
  /** As the network gave it. */
  phone: string;
  /** The number as counted towards the limit: +260 form when it is a Zambian one. */
  caller: string;
  serviceCode: string;
  stepOffset: number;
  /** False for a step refused for the phone's limit: it does not count towards it. */
  counted: boolean;
  input: string;
  answer: string;
  at: Date;
}

export interface UssdStep {
  id: string;
  sessionId: string;
  phone: string;
  input: string;
  answer: string;
  at: string;
}

interface ContextRow {
  hits: number;
  oldest_at: Date | string | null;
  phone: string | null;
  step_offset: number | null;
  last_at: Date | string | null;
}

interface StepRow {
  id: string | number;
  session_id: string;
  phone: string;
  input: string;
  answer: string;
  at: Date | string;
}

interface RecordRow {
  step_key: string | null;
  caller: string;
  service_code: string;
  step_offset: number;
  counted: boolean;
}

const toStep = (row: StepRow): UssdStep => ({
  id: String(row.id),
  sessionId: row.session_id,
  phone: row.phone,
  input: row.input,
  answer: row.answer,
  at: new Date(row.at).toISOString(),
});

export function ussdRepository(db: Queryable) {
  return {
    /**
     * In one read: the session's last step (undefined for a session never seen) and the
     * phone's counted steps since `since`, newest first, at most `max` of them (0: none read).
     */
    async stepContext(sessionId: string, caller: string, since: Date, max: number): Promise<UssdStepContext> {
      const [row] = await db.query<ContextRow>(
        `WITH recent AS (
           SELECT at FROM ussd_steps WHERE caller = $2 AND counted AND at > $3 ORDER BY at DESC LIMIT $4
         ), last AS (
           SELECT phone, step_offset, at FROM ussd_steps WHERE session_id = $1 ORDER BY id DESC LIMIT 1
         )
         SELECT (SELECT count(*)::int FROM recent) AS hits, (SELECT min(at) FROM recent) AS oldest_at,
           last.phone, last.step_offset, last.at AS last_at
         FROM (SELECT 1) AS one LEFT JOIN last ON true`,
        [sessionId, caller, since.toISOString(), max],
      );
      return {
        session:
          row?.phone != null && row.last_at != null
            ? {
                phone: row.phone,
                stepOffset: Number(row.step_offset ?? 0),
                lastStepAt: new Date(row.last_at).toISOString(),
              }
            : undefined,
        hits: Number(row?.hits ?? 0),
        oldestAt: row?.oldest_at != null ? new Date(row.oldest_at).toISOString() : null,
      };
    },

    /** The steps logged since `since`, first first: what a process starting on the embedded database remembers. */
    async stepsSince(since: Date): Promise<(Omit<UssdStepRecord, 'key'> & { key: string | null })[]> {
      const rows = await db.query<StepRow & RecordRow>('SELECT * FROM ussd_steps WHERE at > $1 ORDER BY id', [
        since.toISOString(),
      ]);
      return rows.map((row) => ({
        key: row.step_key,
        sessionId: row.session_id,
        phone: row.phone,
        caller: row.caller,
        serviceCode: row.service_code,
        stepOffset: Number(row.step_offset),
        counted: row.counted,
        input: row.input,
        answer: row.answer,
        at: new Date(row.at),
      }));
    },

    /** Logs steps in one statement, in order; a step whose key is already logged is not logged again. */
    async recordSteps(steps: readonly UssdStepRecord[]): Promise<void> {
      if (steps.length === 0) return;
      await db.query(
        `INSERT INTO ussd_steps (step_key, session_id, phone, caller, service_code, step_offset, counted, input, answer, at)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::boolean[],
           $8::text[], $9::text[], $10::timestamptz[])
         ON CONFLICT (step_key) DO NOTHING`,
        [
          steps.map((step) => step.key),
          steps.map((step) => step.sessionId),
          steps.map((step) => step.phone),
          steps.map((step) => step.caller),
          steps.map((step) => step.serviceCode),
          steps.map((step) => step.stepOffset),
          steps.map((step) => step.counted),
          steps.map((step) => step.input),
          steps.map((step) => step.answer),
          steps.map((step) => step.at.toISOString()),
        ],
      );
    },

    /**
     * The active accounts whose phone number is this one (in +260 form). Phone numbers are
     * stored as typed, so they are compared by their last nine digits, then in +260 form.
     */
    async accountsWithPhone(phone: string): Promise<string[]> {
      const rows = await db.query<{ id: string; phone: string }>(
        "SELECT id, phone FROM users WHERE status = 'Active' AND phone IS NOT NULL AND right(regexp_replace(phone, '[^0-9]', '', 'g'), 9) = $1",
        [phone.slice(-9)],
      );
      return rows.filter((row) => normalisePhone(row.phone) === phone).map((row) => row.id);
    },

    /** A session's steps, first first. */
    async steps(sessionId: string): Promise<UssdStep[]> {
      const rows = await db.query<StepRow>('SELECT * FROM ussd_steps WHERE session_id = $1 ORDER BY id', [sessionId]);
      return rows.map(toStep);
    },
  };
}
