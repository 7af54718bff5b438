/**
 * The app's one way to make a change the server must answer now: money moved, a decision
 * others see at once, a number only the server hands out, a password. Such a change never
 * waits in the outbox; offline it is not made, and the person is told so. Every online-only
 * write in the app goes through `runCommand`, and only through it (lint enforces it); the
 * other write path is the outbox, which the sync engine pushes (`../sync/push-transport.ts`).
 * Reads stay on `apiRequest`. See docs/architecture.md, "Two ways to write".
 */
import { type ApiErrorBody, apiRequest, NetworkError } from './api-client';

export interface Command<Answer, Value> {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Sent as JSON; none when undefined. */
  body?: unknown;
  /**
   * What the caller takes from a 2xx answer, or null (or undefined) when the answer does not
   * carry it: such an answer is then a refusal, read like any other. Without it, any 2xx answer is
   * applied and its body (undefined when empty) is the value.
   */
  accept?: (answer: Answer) => Value | null | undefined;
}

export type CommandOutcome<Value, Answer = unknown> =
  /** The server made the change; `value` is what it answered. */
  | { status: 'applied'; value: Value }
  /**
   * The server did not make it, or answered without what was asked for: its words (null when it
   * gave none), its messages for fields ({} when none), its status, and its whole answer for
   * refusals that carry more (a fleet import's errors row by row).
   */
  | {
      status: 'refused';
      reason: string | null;
      fields: Record<string, string>;
      httpStatus: number;
      answer: Answer | undefined;
    }
  /** The server could not be reached (offline, DNS, a reset connection): no answer came. */
  | { status: 'needs-connection' };

export type Refused<Answer = unknown> = Extract<CommandOutcome<unknown, Answer>, { status: 'refused' }>;

/** Sends a change to the server and reads its answer. Errors other than an unreachable server are thrown. */
export async function runCommand<Answer = unknown, Value = Answer>(
  command: Command<Answer, Value>,
): Promise<CommandOutcome<Value, Answer>> {
  let result;
  try {
    result = await apiRequest<Answer>(command.method, command.path, command.body);
  } catch (error) {
    if (error instanceof NetworkError) return { status: 'needs-connection' };
    throw error;
  }
  if (result.ok && !command.accept) return { status: 'applied', value: result.body as unknown as Value };
  if (result.ok && command.accept) {
    const value = command.accept(result.body);
    if (value !== null && value !== undefined) return { status: 'applied', value };
  }
  const body = result.body as (ApiErrorBody & Answer) | undefined;
  return {
    status: 'refused',
    reason: typeof body?.message === 'string' ? body.message : null,
    fields: body?.fields ?? {},
    httpStatus: result.status,
    answer: result.body,
  };
}

/** A refusal's words: the server's, or the status it answered when it gave none. */
export const refusalReason = (refused: Refused<unknown>): string =>
  refused.reason ?? `The server answered ${refused.httpStatus}.`;

/** A refusal's messages for fields, as a property to spread: none when the server gave none. */
export const refusalFields = (refused: Refused<unknown>): { fields?: Record<string, string> } =>
  Object.keys(refused.fields).length > 0 ? { fields: refused.fields } : {};
