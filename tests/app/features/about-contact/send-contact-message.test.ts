import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from '#domain/contact/contact-message';
import {
  discardRejectedContactMessage,
  sendContactMessage,
} from '../../../../src/app/features/about-contact/send-contact-message';
import { db } from '../../../../src/app/store/database';
import { pushOutbox } from '../../../../src/app/sync/push';
import { sendIntents } from '../../../../src/app/sync/push-transport';

const message: ContactMessage = {
  name: 'Mwila Banda',
  email: 'mwila@example.zm',
  subject: 'Delivery',
  message: 'Can you deliver to Ndola?',
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The push endpoint's answer to a request: each mutation applied, or refused with the given reason. */
function pushAnswer(
  init: RequestInit | undefined,
  refusal?: { message: string; fields?: Record<string, string> },
): Response {
  const { mutations } = JSON.parse(String(init?.body)) as { mutations: Array<{ id: string }> };
  return answer(200, {
    results: mutations.map(({ id }) =>
      refusal ? { id, outcome: 'rejected', status: 400, ...refusal } : { id, outcome: 'applied' },
    ),
  });
}

// Syncs straight through the push step, so no timers of the sync engine outlive a test.
const pushOnly = () => pushOutbox(db, sendIntents);

describe('sendContactMessage', () => {
  beforeEach(async () => {
    await db.outbox.clear();
    await db.contactMessages.clear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes the message and its outbox entry together before anything is sent', async () => {
    let seenDuringSend: { rows: number; entries: number } | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        seenDuringSend = { rows: await db.contactMessages.count(), entries: await db.outbox.count() };
        return answer(200, { results: [] });
      }),
    );
    await sendContactMessage(message, { sync: pushOnly });
    expect(seenDuringSend).toEqual({ rows: 1, entries: 1 });
  });

  it('pushes the message, with its own id, as a sendContactMessage mutation', async () => {
    const fetchMock = vi.fn(async (_path: string, init: RequestInit) => pushAnswer(init));
    vi.stubGlobal('fetch', fetchMock);
    const outcome = await sendContactMessage(message, {
      sync: pushOnly,
      newId: () => '0190f5d2-0000-7000-8000-000000000001',
    });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/sync/push');
    expect(JSON.parse(String(init?.body))).toEqual({
      clientId: expect.any(String),
      mutations: [
        {
          id: outcome.entryId,
          intent: 'sendContactMessage',
          payload: { id: '0190f5d2-0000-7000-8000-000000000001', ...message },
        },
      ],
    });
  });

  it('reports sent when the server applied it: the entry is gone and the row is synced', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => pushAnswer(init)),
    );
    const outcome = await sendContactMessage(message, { sync: pushOnly, now: () => 1_700_000_000_000 });
    expect(outcome.status).toBe('sent');
    expect(await db.outbox.get(outcome.entryId)).toBeUndefined();
    const rows = await db.contactMessages.toArray();
    expect(rows).toEqual([expect.objectContaining({ ...message, createdAt: 1_700_000_000_000, syncState: 'synced' })]);
  });

  it('reports rejected with the field messages when the server refuses it, and keeps the entry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) =>
        pushAnswer(init, {
          message: 'Please check the form.',
          fields: { email: 'Please enter a valid email address' },
        }),
      ),
    );
    const outcome = await sendContactMessage(message, { sync: pushOnly });
    expect(outcome).toEqual({
      status: 'rejected',
      entryId: outcome.entryId,
      reason: 'Please check the form.',
      fields: { email: 'Please enter a valid email address' },
    });
    const entry = await db.outbox.get(outcome.entryId);
    expect(entry).toMatchObject({
      status: 'rejected',
      rejection: 'Please check the form.',
      rejectionFields: { email: 'Please enter a valid email address' },
    });
    expect((await db.contactMessages.toArray())[0]?.syncState).toBe('rejected');
  });

  it('reports queued when the server cannot be reached: the entry stays pending on the device', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const outcome = await sendContactMessage(message, { sync: pushOnly });
    expect(outcome.status).toBe('queued');
    expect(await db.outbox.get(outcome.entryId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await db.contactMessages.toArray())[0]).toMatchObject({ ...message, syncState: 'pending' });
  });

  it('reports queued when no sync ran (offline, or another tab is syncing)', async () => {
    const fetchMock = vi.fn(async () => answer(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    // The sync engine resolves undefined when it did not run at all.
    const outcome = await sendContactMessage(message, { sync: async () => undefined });
    expect(outcome.status).toBe('queued');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.outbox.get(outcome.entryId)).toMatchObject({ status: 'pending' });
  });
});

describe('discardRejectedContactMessage', () => {
  beforeEach(async () => {
    await db.outbox.clear();
    await db.contactMessages.clear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('removes a refused message and its entry, so a corrected resend replaces it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { message: 'Refused' })),
    );
    const refused = await sendContactMessage(message, { sync: pushOnly });
    await discardRejectedContactMessage(refused.entryId);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.contactMessages.count()).toBe(0);
  });

  it('leaves an entry that is still waiting to be sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const queued = await sendContactMessage(message, { sync: pushOnly });
    await discardRejectedContactMessage(queued.entryId);
    expect(await db.outbox.count()).toBe(1);
  });
});
