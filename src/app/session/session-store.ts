/**
 * Who is signed in on this device. The profile is kept in localStorage (no secrets:
 * the session itself is an httpOnly cookie the app cannot read), so the installed
 * app opens into the right dashboard with no connection; the server stays the
 * judge of every request.
 */
import type { Role } from '#domain/accounts/permissions';
import { apiRequest, NetworkError } from '../api/api-client';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  status: string;
  userType: string;
  roles: Role[];
  requestedRole: Role | null;
  businessName: string | null;
}

export type SessionState =
  { status: 'unknown' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

const STORAGE_KEY = 'nambala.session-user';
/**
 * Before the device's copy is read, and what a prerendered page was drawn with. One
 * object: a hook whose snapshot is this same object on both sides of hydration is not
 * redrawn at once after it (React redraws a store whose snapshot changed, synchronously).
 */
export const UNKNOWN_SESSION: SessionState = { status: 'unknown' };

let state: SessionState = UNKNOWN_SESSION;
let loaded = false;
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  try {
    if (next.status === 'signed-in') localStorage.setItem(STORAGE_KEY, JSON.stringify(next.user));
    else if (next.status === 'signed-out') localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: the session still works for this page's life
  }
  for (const listener of listeners) listener();
}

function loadCached(): void {
  if (loaded) return;
  loaded = true;
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw) state = { status: 'signed-in', user: JSON.parse(raw) as SessionUser };
  } catch {
    state = UNKNOWN_SESSION;
  }
}

export function getSession(): SessionState {
  loadCached();
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSignedIn(user: SessionUser): void {
  const previous = state.status === 'signed-in' ? state.user.id : lastUserId();
  set({ status: 'signed-in', user });
  rememberUser(user.id);
  // Someone else used this device before: their copies (notifications, the user list) must not show.
  if (previous && previous !== user.id) {
    const clearing = import('../store/clear-personal-data').then(({ clearAccountCopies }) => clearAccountCopies());
    previousCopiesCleared = clearing.catch(() => undefined);
  }
}

let previousCopiesCleared: Promise<void> = Promise.resolve();
/**
 * Resolves once the copies of whoever used this device before the current account are gone:
 * sync waits for it, so that the new account's data it pulls is not cleared behind it.
 */
export function previousAccountCleared(): Promise<void> {
  return previousCopiesCleared;
}

const LAST_USER_KEY = 'nambala.last-user-id';
function lastUserId(): string | null {
  try {
    return localStorage.getItem(LAST_USER_KEY);
  } catch {
    return null;
  }
}
function rememberUser(id: string): void {
  try {
    localStorage.setItem(LAST_USER_KEY, id);
  } catch {
    // storage unavailable: copies are cleared at sign-out anyway
  }
}

let refreshing: Promise<SessionState> | undefined;
/** Asks the server who the cookie belongs to; offline, the device's copy stands. */
export function refreshSession(): Promise<SessionState> {
  loadCached();
  refreshing ??= (async () => {
    try {
      const result = await apiRequest<{ user: SessionUser | null }>('GET', '/api/auth/session');
      if (result.ok) set(result.body.user ? { status: 'signed-in', user: result.body.user } : { status: 'signed-out' });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      if (state.status === 'unknown') set({ status: 'signed-out' });
    } finally {
      refreshing = undefined;
    }
    return state;
  })();
  return refreshing;
}

export async function signOut(): Promise<void> {
  // Offline (or refused), the device forgets the user now; the server session expires on its own.
  // The command path is loaded here, not with the session, which every page's first load reads.
  const { runCommand } = await import('../api/command');
  await runCommand({ method: 'POST', path: '/api/auth/logout' });
  set({ status: 'signed-out' });
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
