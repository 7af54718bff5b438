/**
 * A claim's steps and its photos. Steps (assess, approve, reject with a reason, mark paid)
 * are taken here, online, because each is judged against the claim's state on the server
 * and told to the policy holder at once (decision 021). Photos are uploaded in chunks at
 * the offset the server reports, so an upload cut half-way resumes where it stopped, a
 * repeated chunk changes nothing, and a photo already complete is never stored again. Only
 * the claim's own agent reaches its steps and photos; anyone else's claim is answered as
 * unknown.
 */
import { createHash } from 'node:crypto';
import {
  CLAIM_NOT_YOURS,
  type ClaimStepRequest,
  claimStepNotice,
  claimStepSchema,
  type InsuranceClaim,
  MAX_PHOTO_BYTES,
  transitionClaim,
} from '#domain/insurance/claim';
import { claimAnswer, uploadAnswer } from '#domain/api/insurance';
import { MAX_PHOTO_SIDE } from '#domain/insurance/claim-steps';
import { declaredImageSize } from '#domain/insurance/image-size';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { claimRepository, type PhotoUpload } from '../repositories/claim-repository';
import { insuranceRepository } from '../repositories/insurance-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import { errorResponse } from './schemas';

const claimParams = z.object({ id: z.string().max(64, 'id must be at most 64 characters') });
const photoParams = claimParams.extend({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'A photo is named by its SHA-256 fingerprint: 64 hexadecimal characters'),
});
const offsetQuery = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a number of bytes' })
    .int('offset must be a whole number of bytes')
    .min(0, 'offset must be 0 or more')
    .max(MAX_PHOTO_BYTES, 'offset is beyond the largest photo'),
});
const responses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: errorResponse,
};

/** A chunk may be the whole photo; a body past this is refused here with a clear message, not by the parser. */
const PHOTO_BODY_LIMIT = 2 * MAX_PHOTO_BYTES;
const PHOTO_TYPES = new Set(['image/jpeg', 'application/octet-stream']);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

const STEP_ACTIONS = {
  assess: 'insurance.claim.assess',
  approve: 'insurance.claim.approve',
  reject: 'insurance.claim.reject',
  pay: 'insurance.claim.pay',
} as const;

/** Who takes a step, when (the server's clock) and from where. */
export interface ClaimChange {
  agent: User;
  at: Date;
  ip: string;
}

/** Takes a step on the agent's own claim inside the caller's transaction (the route, and the demo seed); a Refusal says why not. */
export async function stepClaimIn(
  tx: Queryable,
  { agent, at, ip }: ClaimChange,
  claimId: string,
  request: ClaimStepRequest,
): Promise<InsuranceClaim> {
  const claims = claimRepository(tx);
  await insuranceRepository(tx).lockAgent(agent.id);
  const claim = await claims.find(claimId);
  if (!claim || claim.agentId !== agent.id) throw new Refusal(404, CLAIM_NOT_YOURS);
  const outcome = transitionClaim(
    claim,
    { step: request.step, ...(request.step === 'reject' ? { reason: request.reason } : {}) },
    { id: agent.id, roles: agent.roles },
    at.toISOString(),
  );
  if (!outcome.ok) {
    if (outcome.reason === 'not-yours') throw new Refusal(404, outcome.message);
    if (outcome.reason === 'reason-required') throw new Refusal(400, outcome.message, { reason: outcome.message });
    throw new Refusal(409, outcome.message);
  }
  const saved = await claims.saveState(claim.id, claim.status, outcome.claim, at);
  // The agent's lock is held, so nothing can have moved the claim since it was read.
  if (!saved) throw new Error(`claim ${claim.id} changed under the agent's lock`);
  await auditRepository(tx).record({
    actorId: agent.id,
    action: STEP_ACTIONS[request.step],
    target: saved.id,
    detail: {
      claimNumber: saved.claimNumber,
      from: claim.status,
      to: saved.status,
      ...(saved.rejectReason ? { reason: saved.rejectReason } : {}),
    },
    ip,
  });
  const holder = await claims.holderAccount(saved.id);
  const policy = await insuranceRepository(tx).findPolicy(saved.policyId);
  if (holder)
    await notify(tx, holder, {
      kind: 'insurance-claim',
      ...claimStepNotice(saved, policy?.insurer ?? agent.name),
      link: null,
    });
  return saved;
}

/** The agent's own photo, or a 404 that does not say whether someone else's exists. */
async function ownUpload(
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

export const claimRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  // Photo chunks arrive as bytes. Any other type is read too, so the handler can answer it in words.
  app.addContentTypeParser(
    ['image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  /** Runs a change in one transaction; a Refusal becomes its 4xx answer. */
  async function change<T>(
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; status: number; body: ReturnType<typeof errorBody> }> {
    try {
      return { ok: true, value: await db.transaction(fn) };
    } catch (error) {
      if (error instanceof Refusal)
        return { ok: false, status: error.status, body: errorBody(error.status, error.message, error.fields) };
      throw error;
    }
  }
  const progress = (upload: PhotoUpload) => ({
    size: upload.size,
    received: upload.received,
    isComplete: upload.isComplete,
  });

  app.post(
    '/api/insurance/claims/:id/steps',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary:
          'Take the next step on one of your claims: assess (Submitted), approve or reject with a reason (Under Assessment), pay (Approved)',
        params: claimParams,
        body: claimStepSchema,
        response: { 200: claimAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await change((tx) =>
        stepClaimIn(tx, { agent: request.user as User, at: now(), ip: request.ip }, request.params.id, request.body),
      );
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.body);
      return { claim: outcome.value };
    },
  );

  app.get(
    '/api/insurance/claims/:id/photos/:sha256/upload',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary:
          'How many bytes of a claim photo the server has (also in Upload-Offset): where a resumed upload continues',
        params: photoParams,
        response: { 200: uploadAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await change((tx) =>
        ownUpload(tx, request.user as User, request.params.id, request.params.sha256),
      );
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.body);
      void reply.header('upload-offset', String(outcome.value.received)).header('cache-control', 'no-store');
      return progress(outcome.value);
    },
  );

  app.put(
    '/api/insurance/claims/:id/photos/:sha256',
    {
      config: { access: 'insurance:manage' },
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags: ['insurance'],
        summary:
          "Upload a claim photo's bytes (image/jpeg), whole or in chunks from `offset`; repeating a chunk or a finished photo stores nothing twice",
        params: photoParams,
        querystring: offsetQuery,
        response: { 200: uploadAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!PHOTO_TYPES.has(type))
        return reply.code(415).send(errorBody(415, 'Send a claim photo as a JPEG image (Content-Type: image/jpeg).'));
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        return reply.code(400).send(errorBody(400, 'The request carries no photo bytes.'));
      if (body.length > MAX_PHOTO_BYTES)
        return reply.code(413).send(errorBody(413, 'A claim photo must be at most 1 MB after resizing.'));
      const outcome = await change((tx) =>
        receivePhotoChunk(
          tx,
          { agent: request.user as User, at: now(), ip: request.ip },
          request.params.id,
          request.params.sha256,
          request.query.offset,
          body,
        ),
      );
      if (!outcome.ok) {
        if (outcome.status === 409 && outcome.body.fields?.offset)
          void reply.header('upload-offset', outcome.body.fields.offset);
        return reply.code(outcome.status).send(outcome.body);
      }
      void reply.header('upload-offset', String(outcome.value.received));
      return progress(outcome.value);
    },
  );

  app.get(
    '/api/insurance/claims/:id/photos/:sha256',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary: 'A complete claim photo (image/jpeg), for the claim’s own agent',
        params: photoParams,
        response: { 200: z.unknown().describe('The photo (image/jpeg)'), ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await change(async (tx) => {
        const upload = await ownUpload(tx, request.user as User, request.params.id, request.params.sha256);
        if (!upload.isComplete)
          throw new Refusal(409, `The server has ${upload.received} of ${upload.size} bytes of this photo so far.`);
        return claimRepository(tx).content(upload.claimId, upload.sha256);
      });
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.body);
      // Named by its content, so it never changes; private, as it shows an accident and its people.
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(outcome.value);
    },
  );
};
