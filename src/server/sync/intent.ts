/**
 * A named change a device pushes (an intent): who may send it, the shape of its
 * payload, and how it is applied inside the push's transaction. A handler that must
 * refuse throws a Refusal with words for the user; anything else it throws is a
 * server fault and leaves the change on the device to be tried again.
 */
import type { Access } from '#domain/accounts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../db/database';
import type { Signer } from '../credentials/key-store';
import type { User } from '../repositories/user-repository';

export class Refusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export interface IntentContext {
  tx: Queryable;
  /** The signed-in user; never null unless the intent's access is 'public'. */
  user: User | null;
  ip: string;
  log: FastifyBaseLogger;
  /** The registry's active signing key, for changes that issue a plate's credential; null when it is not on this server. */
  signer: Signer | null;
  /** The server's clock (tests set it). */
  now: () => Date;
}

/** What an applied intent may hand back to the device (ids the server chose, say). */
export type IntentData = Record<string, string | number | boolean | null>;

export interface Intent<Schema extends z.ZodType = z.ZodType> {
  access: Access;
  payload: Schema;
  apply(context: IntentContext, payload: z.output<Schema>): Promise<IntentData | undefined>;
  /**
   * Optional: a run of this intent's changes applied at once, in order, on a push's
   * first try; an answer each, undefined (applied) or its Refusal. A refused change
   * must leave nothing behind: nothing is undone around it.
   */
  applyMany?(context: IntentContext, payloads: Array<z.output<Schema>>): Promise<Array<Refusal | undefined>>;
}

/** Keeps the payload's type tied to its schema at each definition. */
export function defineIntent<Schema extends z.ZodType>(intent: Intent<Schema>): Intent<Schema> {
  return intent;
}

/** The signed-in user of an intent whose access is not 'public' (the push route has checked). */
export function actor(context: IntentContext): User {
  if (!context.user) throw new Refusal(403, 'Please sign in to continue.');
  return context.user;
}
