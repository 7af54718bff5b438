/**
 * Online means the server answers (decision 080): a request that cannot reach the server says
 * offline though the browser says online, a health check finds it again (2 s, then doubling),
 * any answer (even a refusal) counts as reached, and a request called off by its own signal is
 * no news. Each test starts from a fresh module: the state is the module's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '../../../src/app/api/api-client';
import type * as ReachabilityModule from '../../../src/app/api/reachability';

type Reachability = typeof ReachabilityModule;
type ApiClient = typeof ApiClientModule;

describe('whether the server can be reached', () => {
  let reachability: Reachability;
  let client: ApiClient;
  let answers: Array<'fail' | number>;
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.resetModules();
    answers = [];
    fetchMock = vi.fn(async (_path: string, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('called off', 'AbortError');
      const next = answers.shift() ?? 200;
      if (next === 'fail') throw new TypeError('Failed to fetch');
      return new Response('{}', { status: next });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('navigator', { onLine: true });
    reachability = await import('../../../src/app/api/reachability');
    client = await import('../../../src/app/api/api-client');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says offline once a request cannot reach the server, though the browser says online, and online once a check is answered', async () => {
    const changes = vi.fn();
    reachability.subscribeOnline(changes);
    expect(reachability.isOnline()).toBe(true);
    answers.push('fail');
    await expect(client.apiRequest('GET', '/api/listings')).rejects.toBeInstanceOf(client.NetworkError);
    expect(reachability.isOnline()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);

    // The first check after 2 s fails; the next comes 4 s after it, and is answered.
    answers.push('fail');
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/health');
    expect(reachability.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(3999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(reachability.isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
    // Reachable: nothing more is asked.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('counts any answer as reached, a 500 too, and checks at once when the browser says it is online again', async () => {
    answers.push('fail');
    await expect(client.apiRequest('GET', '/api/listings')).rejects.toBeInstanceOf(client.NetworkError);
    expect(reachability.isOnline()).toBe(false);
    answers.push(500);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/health');
    expect(reachability.isOnline()).toBe(true);
  });

  it('takes a request called off by its own signal as no news', async () => {
    const calledOff = new AbortController();
    calledOff.abort();
    await expect(client.apiRequest('GET', '/api/listings', undefined, calledOff.signal)).rejects.toBeInstanceOf(
      client.NetworkError,
    );
    expect(reachability.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says offline whenever the browser does, and asks the server nothing until the browser says online', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(reachability.isOnline()).toBe(false);
    answers.push('fail');
    await expect(client.apiRequest('GET', '/api/listings')).rejects.toBeInstanceOf(client.NetworkError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.stubGlobal('navigator', { onLine: true });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/health');
    expect(reachability.isOnline()).toBe(true);
  });
});
