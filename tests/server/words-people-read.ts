/**
 * Every message a test's server wrote for a person, checked for words as a machine writes
 * them (src/domain/text/machine-words.ts): the notifications and the SMS and email it queued,
 * read from its database when the app closes, and each refusal's message and field messages as
 * they are answered. Every server test that builds its app with test-app.ts goes through this,
 * so each message template the suite sends is walked, with whatever data its test gave it.
 */
import type { FastifyInstance } from 'fastify';
import { machineWords } from '#domain/text/machine-words';
import type { Database } from '../../src/server/db/database';

/** Problems found in `texts`, each with where it came from. */
function problemsIn(texts: ReadonlyArray<{ source: string; text: string }>): string[] {
  return texts.flatMap(({ source, text }) => machineWords(text).map((found) => `${source}: “${found}”`));
}

/** The human words of a refusal's JSON answer: its message and its fields' messages. */
function refusalWords(payload: unknown): string[] {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return [];
  try {
    const body = JSON.parse(payload) as { message?: unknown; fields?: unknown };
    const fields = typeof body.fields === 'object' && body.fields !== null ? Object.values(body.fields) : [];
    return [body.message, ...fields].filter((text): text is string => typeof text === 'string');
  } catch {
    return [];
  }
}

/**
 * Checks what `app` tells people; the check of what it stored runs when the app closes, before
 * `closeDatabase`, and the close fails with every problem found.
 */
export function checkWordsPeopleRead(app: FastifyInstance, db: Database, closeDatabase: () => Promise<void>): void {
  const refused: Array<{ source: string; text: string }> = [];
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400)
      for (const text of refusalWords(payload))
        refused.push({ source: `${request.method} ${request.url.split('?')[0]} answered ${reply.statusCode}`, text });
    return payload;
  });
  app.addHook('onClose', async () => {
    try {
      const stored = await db.query<{ source: string; text: string }>(
        `SELECT 'notification ' || kind AS source, title || ' ' || body AS text FROM notifications
         UNION ALL SELECT channel || ' ' || kind, coalesce(subject, '') || ' ' || body FROM message_outbox`,
      );
      const problems = problemsIn([...stored, ...refused]);
      if (problems.length > 0)
        throw new Error(`Words as a machine writes them, in text people read:\n${[...new Set(problems)].join('\n')}`);
    } finally {
      await closeDatabase();
    }
  });
}
