/**
 * The partner API, /api/partner/v1/ (docs/partner-api.md): other systems (insurers, dealers,
 * banks, police systems) check plates with an API key in an Authorization: Bearer header. The
 * auth plugin finds the key ('partner-key' access); here each call is held to the key's rate
 * limit and daily quota (429 with Retry-After), its scope checked, and every call logged with
 * its key, whatever its answer.
 */
import { bulkCheckAnswer, partnerCredentialAnswer, partnerVerdict, type PartnerVerdict } from '#domain/api/partners';
import { credentialUrl } from '#domain/credential/qr-url';
import { BULK_CHECK_MAX, PARTNER_SCOPE_LABELS, type PartnerScope } from '#domain/partners/partner-api';
import { parsePlateNumber } from '#domain/plates/plate-number';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Signer } from '../credentials/key-store';
import type { Database } from '../db/database';
import { checkPlates, partnerCredential } from '../partners/partner-checks';
import { logPartnerCall, meterCall, type PartnerCaller } from '../partners/partner-keys';
import { errorBody } from '../plugins/error-handler';
import { errorResponse } from './schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** Plate checks a partner call asked for: what its daily quota counts and its log row says. */
    partnerPlates: number;
  }
}

const plateParams = z.object({ plateNumber: z.string().max(40, 'Plate number must be at most 10 characters') });

const bulkBody = z.object({
  plates: z
    // A long or malformed number is answered in its place; only text past 200 characters fails the call.
    .array(z.string({ error: 'Each plate must be a string' }).max(200, 'Each plate must be at most 200 characters'), {
      error: 'plates must be an array of plate numbers',
    })
    .min(1, 'Send at least one plate number')
    .max(BULK_CHECK_MAX, `At most ${BULK_CHECK_MAX} plates per call: split the list into calls of ${BULK_CHECK_MAX}`),
});

const EXAMPLE_VERDICT: PartnerVerdict = {
  plateNumber: 'ZM-123-ABC',
  verdict: 'Valid',
  tier: 'public',
  vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', year: 2019 },
  registrationDate: '2024-03-15',
  expiryDate: '2029-03-14',
  stage: null,
  checkedAt: '2026-12-06T10:15:00.000Z',
};

const security = [{ partnerKey: [] }];
const rateLimited = errorResponse.describe(
  'The key’s rate limit or daily quota is reached: the Retry-After header says in how many seconds to try again.',
);

export const partnerRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => Date;
  publicOrigin: string;
  signer: Signer | null;
}> = async (app, { db, now, publicOrigin, signer }) => {
  app.decorateRequest('partnerPlates', 0);

  const callerOf = (request: FastifyRequest): PartnerCaller => {
    if (!request.partner) throw new Error('a partner route ran without its caller');
    return request.partner;
  };

  /** Refuses a call whose key lacks the scope, then counts it against the key's limits. */
  const admit = async (request: FastifyRequest, reply: FastifyReply, scope: PartnerScope, plates: number) => {
    const caller = callerOf(request);
    request.partnerPlates = plates;
    if (!caller.key.scopes.includes(scope)) {
      await reply
        .code(403)
        .send(
          errorBody(
            403,
            `This key does not have the ${PARTNER_SCOPE_LABELS[scope]} scope. Ask the registry’s administrator for a key with it.`,
          ),
        );
      return false;
    }
    const metered = await meterCall(db, caller.key, plates, now());
    if (!metered.ok) {
      await reply.code(429).header('retry-after', String(metered.retryAfter)).send(errorBody(429, metered.message));
      return false;
    }
    return true;
  };

  // Every call with a key is logged before its answer leaves, with the status it answers.
  app.addHook('onSend', async (request, reply) => {
    if (!request.partner) return;
    await logPartnerCall(
      db,
      request.partner,
      {
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
        plates: request.partnerPlates,
        status: reply.statusCode,
      },
      now(),
    );
  });

  const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

  app.get(
    '/api/partner/v1/plates/:plateNumber',
    {
      config: { access: 'partner-key' },
      schema: {
        tags: ['partner API'],
        security,
        summary:
          "One plate's verdict (Valid, Expired, Revoked, Stolen, Not authentic, Unknown plate, Not yet issued). Scope: Public verdict. With the Owner and insurance scope, a police system (on any plate) or an insurer (on plates it insures) also gets the owner's name and cover.",
        params: plateParams,
        response: {
          200: partnerVerdict.meta({ example: EXAMPLE_VERDICT }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          429: rateLimited,
        },
      },
    },
    async (request, reply) => {
      const plate = parsePlateNumber(request.params.plateNumber);
      if (!plate.ok) return reply.code(400).send(errorBody(400, plate.error, { plateNumber: plate.error }));
      if (!(await admit(request, reply, 'verdict', 1))) return reply;
      const [item] = await checkPlates(db, callerOf(request), [plate.value], {
        now: now(),
        route: routeOf(request),
        ip: request.ip,
      });
      if (!item?.ok) throw new Error('a checked plate number was refused');
      return item.result;
    },
  );

  app.post(
    '/api/partner/v1/plates/check',
    {
      config: { access: 'partner-key' },
      schema: {
        tags: ['partner API'],
        security,
        summary: `Up to ${BULK_CHECK_MAX} plates in one call (scopes: Public verdict and Bulk checks): each plate's answer in the order sent; a malformed number is answered in its place (ok: false) without failing the others. Each plate counts against the daily quota.`,
        body: bulkBody.meta({ example: { plates: ['ZM-123-ABC', 'ZM-456-DEF', 'not a plate'] } }),
        response: {
          200: bulkCheckAnswer.meta({
            example: {
              results: [
                { input: 'ZM-123-ABC', ok: true, result: EXAMPLE_VERDICT },
                {
                  input: 'ZM-456-DEF',
                  ok: true,
                  result: {
                    ...EXAMPLE_VERDICT,
                    plateNumber: 'ZM-456-DEF',
                    verdict: 'Expired',
                    vehicle: { make: 'Nissan', model: 'X-Trail', colour: 'Black', year: 2015 },
                  },
                },
                { input: 'not a plate', ok: false, error: 'Plate number must be in format ZM-123-ABC' },
              ],
            },
          }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          429: rateLimited,
        },
      },
    },
    async (request, reply) => {
      const { plates } = request.body;
      if (!callerOf(request).key.scopes.includes('bulk')) {
        request.partnerPlates = plates.length;
        return reply
          .code(403)
          .send(
            errorBody(
              403,
              'This key does not have the Bulk checks scope. Ask the registry’s administrator for a key with it.',
            ),
          );
      }
      if (!(await admit(request, reply, 'verdict', plates.length))) return reply;
      return {
        results: await checkPlates(db, callerOf(request), plates, {
          now: now(),
          route: routeOf(request),
          ip: request.ip,
        }),
      };
    },
  );

  app.get(
    '/api/partner/v1/plates/:plateNumber/credential',
    {
      config: { access: 'partner-key' },
      schema: {
        tags: ['partner API'],
        security,
        summary:
          "A registered plate's signed credential (docs/credential.md), to verify with the registry's public keys (GET /api/credentials/keys): see docs/partner-api.md. Scope: Public verdict.",
        params: plateParams,
        response: {
          200: partnerCredentialAnswer.meta({
            example: {
              plateNumber: 'ZM-123-ABC',
              keyId: 1,
              credential: 'AQABTQdXzQpaTS0xMjMtQUJDBlRveW90YQdDb3JvbGxhBlNpbHZlcu…',
              credentialUrl: 'https://nambala.example/v#…',
              keysUrl: 'https://nambala.example/api/credentials/keys',
            },
          }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          429: rateLimited,
        },
      },
    },
    async (request, reply) => {
      const plate = parsePlateNumber(request.params.plateNumber);
      if (!plate.ok) return reply.code(400).send(errorBody(400, plate.error, { plateNumber: plate.error }));
      if (!(await admit(request, reply, 'verdict', 1))) return reply;
      const found = await partnerCredential(db, signer, plate.value);
      if (!found)
        return reply
          .code(404)
          .send(errorBody(404, `${plate.value} is not registered: only a registered plate has a credential.`));
      return {
        plateNumber: found.plateNumber,
        keyId: found.keyId,
        credential: Buffer.from(found.credential).toString('base64url'),
        credentialUrl: credentialUrl(publicOrigin, found.credential),
        keysUrl: `${publicOrigin}/api/credentials/keys`,
      };
    },
  );
};
