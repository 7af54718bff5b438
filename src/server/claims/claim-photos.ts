/**
 * A claim's photos, uploaded in chunks at the offset the server reports, so an upload cut
 * half-way resumes where it stopped, a repeated chunk changes nothing, and a photo already
 * complete is never stored again. A photo is kept only when it is a JPEG whose bytes match
 * its fingerprint and whose header declares a size within the limit. Only the claim's own
 * agent reaches its photos; anyone else's are answered as unknown.
 */
import { createHash } from 'node:crypto';
import { MAX_PHOTO_SIDE } from '#domain/insurance/claim-steps';
import { declaredImageSize } from '#domain/insurance/image-size';
import type { Queryable } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { claimRepository, type PhotoUpload } from '../repositories/claim-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import type { ClaimChange } from './claim-steps';

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

/** The agent's own photo, or a 404 that does not say whether someone else's exists. */
export async function ownUpload(
  tx: Queryable,
  agent: User,
  claimId: string,
  sha256: string,
  lock = false,
): Promise<PhotoUpload> {
  const upload = await claimRepository(tx).upload(claimId, sha256, lock);
  if (!upload || upload.agentId !== agent.id)
    throw new Refusal(404, 'This photo is not part of a claim in your list. Save the claim first; its photos follow.');
  return upload;
}

/**
 * Refuses a photo whose header declares more pixels than the device ever sends (its longest
 * side is resized to MAX_PHOTO_SIDE), or, once whole, declares no size at all. No decoder
 * ever sees such a file: a header can declare 65,500 × 65,500 pixels in a few bytes.
 */
function refuseOversizedPhoto(size: ReturnType<typeof declaredImageSize>): void {
  if (size === 'incomplete') return;
  if (size === 'unreadable')
    throw new Refusal(
      422,
      'The size of this photo cannot be read from its header. Claim photos are sent as JPEG images.',
    );
  if (size.width > MAX_PHOTO_SIDE || size.height > MAX_PHOTO_SIDE || size.width < 1 || size.height < 1) {
    throw new Refusal(
      422,
      `This photo's header says it is ${size.width} × ${size.height} pixels; a claim photo is at most ${MAX_PHOTO_SIDE} pixels on its longest side. Resize it and send it again.`,
    );
  }
}

/** Adds a chunk of a photo at `offset`, inside the caller's transaction. */
export async function receivePhotoChunk(
  tx: Queryable,
  { agent, at, ip }: ClaimChange,
  claimId: string,
  sha256: string,
  offset: number,
  chunk: Buffer,
): Promise<PhotoUpload> {
  const claims = claimRepository(tx);
  const upload = await ownUpload(tx, agent, claimId, sha256, true);
  // Already here in full: a repeated upload stores nothing more.
  if (upload.isComplete) return upload;
  if (offset > upload.received)
    throw new Refusal(409, `The server has ${upload.received} bytes of this photo: continue from there.`, {
      offset: String(upload.received),
    });
  if (offset + chunk.length > upload.size)
    throw new Refusal(422, `This photo was declared as ${upload.size} bytes; the bytes sent go past that.`);
  if (
    offset === 0 &&
    chunk.length > 0 &&
    !chunk.subarray(0, JPEG_START.length).equals(JPEG_START.subarray(0, Math.min(JPEG_START.length, chunk.length)))
  ) {
    throw new Refusal(422, 'This is not a JPEG photo. Claim photos are sent as JPEG images.');
  }
  // The size the header declares, read before a byte is kept when the first chunk holds it.
  if (offset === 0) refuseOversizedPhoto(declaredImageSize(chunk));
  // A chunk sent again after a lost answer overlaps what is here: only the new part is kept.
  const fresh = chunk.subarray(upload.received - offset);
  const received = fresh.length > 0 ? await claims.append(claimId, sha256, fresh) : upload.received;
  if (received < upload.size) return { ...upload, received };
  const content = await claims.content(claimId, sha256);
  if (!content || createHash('sha256').update(content).digest('hex') !== sha256) {
    await claims.discardBytes(claimId, sha256);
    throw new Refusal(
      422,
      "The photo's bytes do not match its fingerprint, so they were dropped. Send it again from the start.",
    );
  }
  // Whole now: a photo becomes part of the claim only with a header that says a size within the limit.
  const size = declaredImageSize(content);
  refuseOversizedPhoto(size === 'incomplete' ? 'unreadable' : size);
  await claims.complete(claimId, sha256, at);
  const claim = await claims.publish(claimId);
  await auditRepository(tx).record({
    actorId: agent.id,
    action: 'insurance.claim.photo',
    target: claimId,
    detail: { claimNumber: claim.claimNumber, sha256, size: upload.size },
    ip,
  });
  return { ...upload, received, isComplete: true };
}

/** A complete photo's bytes, for the claim's own agent; a Refusal while it is still arriving. */
export async function completePhotoIn(
  tx: Queryable,
  agent: User,
  claimId: string,
  sha256: string,
): Promise<Buffer | undefined> {
  const upload = await ownUpload(tx, agent, claimId, sha256);
  if (!upload.isComplete)
    throw new Refusal(409, `The server has ${upload.received} of ${upload.size} bytes of this photo so far.`);
  return claimRepository(tx).content(upload.claimId, upload.sha256);
}
