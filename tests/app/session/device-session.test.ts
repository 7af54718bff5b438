/**
 * A prerendered page is drawn with the unknown session. For a visitor the device's
 * session must be that same object, or React redraws every component reading it
 * (the header, the marketplace) synchronously right after hydration.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshStore() {
  vi.resetModules();
  return import('../../../src/app/session/session-store');
}

function storageWith(entries: Record<string, string>): Storage {
  return {
    getItem: (key: string) => entries[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
  } as unknown as Storage;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the device session before the server answers', () => {
  it('is, for a visitor, the very object the prerendered page was drawn with', async () => {
    vi.stubGlobal('localStorage', storageWith({}));
    const { getSession, UNKNOWN_SESSION } = await freshStore();
    expect(getSession()).toBe(UNKNOWN_SESSION);
  });

  it('is the same object when the device storage cannot be read', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage);
    const { getSession, UNKNOWN_SESSION } = await freshStore();
    expect(getSession()).toBe(UNKNOWN_SESSION);
  });

  it('is the kept profile when someone signed in on this device', async () => {
    const user = {
      id: 'USR-001',
      name: 'Admin',
      email: 'admin@nambala.zm',
      status: 'Active',
      userType: 'Administrator',
      roles: ['admin'],
      requestedRole: null,
      businessName: null,
    };
    vi.stubGlobal('localStorage', storageWith({ 'nambala.session-user': JSON.stringify(user) }));
    const { getSession } = await freshStore();
    expect(getSession()).toEqual({ status: 'signed-in', user });
  });
});
