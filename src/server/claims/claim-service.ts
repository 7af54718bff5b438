/**
 * The claim workflows the claim routes call, each in a transaction of its own on the
 * server's clock. A refusal undoes its transaction and comes back as a value (its status,
 * words and field messages), for the route to answer.
 */
import type { ClaimStepRequest, InsuranceClaim } from '#domain/insurance/claim';
import type { Database, Queryable } from '../db/database';
import type { PhotoUpload } from '../repositories/claim-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import { completePhotoIn, ownUpload, receivePhotoChunk } from './claim-photos';
import { stepClaimIn } from './claim-steps';

/** A change done, or the refusal that undid it. */
export type ClaimOutcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export function claimService({ db, now }: { db: Database; now: () => Date }) {
  async function change<T>(fn: (tx: Queryable) => Promise<T>): Promise<ClaimOutcome<T>> {
    try {
      return { ok: true, value: await db.transaction(fn) };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, refusal: error };
      throw error;
    }
  }

  return {
    step: (agent: User, ip: string, claimId: string, step: ClaimStepRequest): Promise<ClaimOutcome<InsuranceClaim>> =>
      change((tx) => stepClaimIn(tx, { agent, at: now(), ip }, claimId, step)),

    /** How much of a photo the server has. */
    upload: (agent: User, claimId: string, sha256: string): Promise<ClaimOutcome<PhotoUpload>> =>
      change((tx) => ownUpload(tx, agent, claimId, sha256)),

    receiveChunk: (
      agent: User,
      ip: string,
      claimId: string,
      sha256: string,
      offset: number,
      chunk: Buffer,
    ): Promise<ClaimOutcome<PhotoUpload>> =>
      change((tx) => receivePhotoChunk(tx, { agent, at: now(), ip }, claimId, sha256, offset, chunk)),

    photo: (agent: User, claimId: string, sha256: string): Promise<ClaimOutcome<Buffer | undefined>> =>
      change((tx) => completePhotoIn(tx, agent, claimId, sha256)),
  };
}
