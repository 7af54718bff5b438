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
import type { NewIntegrityAlert } from '../repositories/integrity-alert-repository';
import { rowIdRepository } from '../repositories/row-id-repository';

/**
 * A change refused with words for the user. One that carries an `alert` is an insider's
 * attempt the registry's rules caught: the push engine raises the alert once the change is
 * undone, so the administrator hears of it although nothing of the change is kept.
 */
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly fields?: Record<string, string>,
    readonly alert?: NewIntegrityAlert,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const FOREIGN_ROW_ID = 'This record’s id is already another record’s. Record it again as a new entry.';

/**
 * After a write that changed nothing because the id exists: the refusal for a change whose
 * id is another row's (another owner's, or with more columns in `same`, another plate's),
 * so a dropped change is never answered "applied"; undefined when the row is this very
 * record (the same change sent again). `table` and the columns are the caller's
 * constants, never input.
 */
export async function foreignRowRefusal(
  tx: Queryable,
  table: string,
  id: string,
  same: Record<string, string>,
): Promise<Refusal | undefined> {
  return (await rowIdRepository(tx).heldByAnother(table, id, same))
    ? new Refusal(409, FOREIGN_ROW_ID, { id: FOREIGN_ROW_ID })
    : undefined;
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

export interface Intent<Schema extends z.ZodType = z.ZodType, Prepared = unknown> {
  access: Access;
  payload: Schema;
  /**
   * Optional: slow work that needs no database (a password hashed, say), done before the
   * push's transaction opens so that it holds no connection; apply gets its result.
   */
  prepare?(payload: z.output<Schema>): Promise<Prepared>;
  apply(context: IntentContext, payload: z.output<Schema>, prepared: Prepared): Promise<IntentData | undefined>;
  /**
   * Optional: a run of this intent's changes applied at once, in order, on a push's
   * first try; an answer each, undefined (applied) or its Refusal. A refused change
   * must leave nothing behind: nothing is undone around it.
   */
  applyMany?(context: IntentContext, payloads: Array<z.output<Schema>>): Promise<Array<Refusal | undefined>>;
}

/** Keeps the payload's type tied to its schema at each definition. */
export function defineIntent<Schema extends z.ZodType, Prepared = void>(
  intent: Intent<Schema, Prepared>,
): Intent<Schema, Prepared> {
  return intent;
}

/** The signed-in user of an intent whose access is not 'public' (the push route has checked). */
export function actor(context: IntentContext): User {
  if (!context.user) throw new Refusal(403, 'Please sign in to continue.');
  return context.user;
}
