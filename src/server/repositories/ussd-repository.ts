/**
 * USSD sessions (table `ussd_sessions`) and the log of their steps (`ussd_steps`): where a
 * session stands, so one idle past the limit starts over, and what each caller typed and was
 * shown, for the operator to read.
 */
import { normalisePhone } from '#domain/validation/identity-checks';
import type { Queryable } from '../db/database';

export interface UssdSession {
  sessionId: string;
  phone: string;
  serviceCode: string;
  /** Steps of the gateway's input that came before the session last started over. */
  stepOffset: number;
  startedAt: string;
  lastStepAt: string;
}

export interface UssdStep {
  id: string;
  sessionId: string;
  phone: string;
  input: string;
  answer: string;
  at: string;
}

interface SessionRow {
  session_id: string;
  phone: string;
  service_code: string;
  step_offset: number;
  started_at: Date | string;
  last_step_at: Date | string;
}

interface StepRow {
  id: string | number;
  session_id: string;
  phone: string;
  input: string;
  answer: string;
  at: Date | string;
}

const toSession = (row: SessionRow): UssdSession => ({
  sessionId: row.session_id,
  phone: row.phone,
  serviceCode: row.service_code,
  stepOffset: Number(row.step_offset),
  startedAt: new Date(row.started_at).toISOString(),
  lastStepAt: new Date(row.last_step_at).toISOString(),
});

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
    async find(sessionId: string): Promise<UssdSession | undefined> {
      const [row] = await db.query<SessionRow>('SELECT * FROM ussd_sessions WHERE session_id = $1', [sessionId]);
      return row ? toSession(row) : undefined;
    },

    /**
     * Records a step in one statement: the session's time (and where it starts over, when it
     * does) and the step with the screen it was shown.
     */
    async record(
      session: Omit<UssdSession, 'startedAt' | 'lastStepAt'>,
      step: { input: string; answer: string },
      at: Date,
      startedOver: boolean,
    ): Promise<void> {
      await db.query(
        `WITH saved AS (
           INSERT INTO ussd_sessions (session_id, phone, service_code, step_offset, started_at, last_step_at)
           VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (session_id) DO UPDATE SET phone = EXCLUDED.phone, step_offset = EXCLUDED.step_offset,
             last_step_at = EXCLUDED.last_step_at,
             started_at = CASE WHEN $6 THEN EXCLUDED.started_at ELSE ussd_sessions.started_at END
           RETURNING session_id, phone
         )
         INSERT INTO ussd_steps (session_id, phone, input, answer, at) SELECT session_id, phone, $7, $8, $5 FROM saved`,
        [
          session.sessionId,
          session.phone,
          session.serviceCode,
          session.stepOffset,
          at.toISOString(),
          startedOver,
          step.input,
          step.answer,
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
