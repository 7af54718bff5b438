/**
 * The app's one door to the server. Features never call fetch themselves: reads go
 * through the local store or come through here (GET); writes go through the outbox,
 * which the sync engine pushes, or, when the server must answer now, through
 * runCommand (./command.ts), which comes through here.
 */
import type { ErrorAnswer } from '#domain/api/errors';
import { heard } from './reachability';

export interface ApiResult<T = unknown> {
  ok: boolean;
  status: number;
  body: T;
  /** The answer's Date header: the server's clock, to the second. */
  date: string | null;
}

/** Thrown when the server could not be reached at all (offline, DNS, reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached.');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

/** A refusal's body (src/domain/api/errors.ts) as a call reads it: any answer may lack it. */
export type ApiErrorBody = Partial<Pick<ErrorAnswer, 'message' | 'fields'>>;

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // A request called off is no news of the server.
    if (!signal?.aborted) heard(false);
    throw new NetworkError(error);
  }
  heard(true);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = { message: text };
  }
  return { ok: response.ok, status: response.status, body: parsed as T, date: response.headers.get('date') };
}
