/**
 * A claim's steps and its photos, online (decision 021): each route validates, lets only
 * insurance agents in, and calls the claim workflows (src/server/claims/), answering a
 * refusal with its status. Photo chunks arrive as bytes; their type and size are checked
 * here before the upload workflow sees them.
 */
import { claimStepSchema, MAX_PHOTO_BYTES } from '#domain/insurance/claim';
import { claimAnswer, uploadAnswer } from '#domain/api/insurance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimService } from '../claims/claim-service';
import type { Database } from '../db/database';
import { sendRefusal } from '../payments/refusal-reply';
import { errorBody } from '../plugins/error-handler';
import type { PhotoUpload } from '../repositories/claim-repository';
import type { User } from '../repositories/user-repository';
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

  const claims = claimService({ db, now });
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
      const outcome = await claims.step(request.user as User, request.ip, request.params.id, request.body);
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
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
      const outcome = await claims.upload(request.user as User, request.params.id, request.params.sha256);
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
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
      const outcome = await claims.receiveChunk(
        request.user as User,
        request.ip,
        request.params.id,
        request.params.sha256,
        request.query.offset,
        body,
      );
      if (!outcome.ok) {
        if (outcome.refusal.status === 409 && outcome.refusal.fields?.offset)
          void reply.header('upload-offset', outcome.refusal.fields.offset);
        return sendRefusal(reply, outcome.refusal);
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
      const outcome = await claims.photo(request.user as User, request.params.id, request.params.sha256);
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
      // Named by its content, so it never changes; private, as it shows an accident and its people.
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(outcome.value);
    },
  );
};
