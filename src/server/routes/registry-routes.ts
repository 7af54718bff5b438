/**
 * The registry as the outside world reads it: the signing keys and the revocation
 * list (public: any device verifies a QR code with them), a plate's verdict by
 * number (public tier without personal data; police tier with the owner's name and
 * the plate's insurance cover, logged), a number's availability, and the compact copy police devices keep.
 * Every answer with an owner's data is a row of the personal data access log (docs/privacy.md).
 */
import { adminRegistryPlateAnswer } from '#domain/api/registry';
import { bytesToDigits } from '#domain/credential/numeric';
import { credentialUrl } from '#domain/credential/qr-url';
import { type RegistryEntry, verdictFromRegistry } from '#domain/credential/verdict';
import type { UnissuedStanding } from '#domain/plates/lifecycle';
import { can } from '#domain/accounts/permissions';
import { CHECK_METHODS } from '#domain/police/police';
import { chassisNumberSchema } from '#domain/agent/workspace';
import { parsePlateNumber } from '#domain/plates/plate-number';
import { type RegisteredPlate, registryEntryOf, unissuedRegistryEntry } from '#domain/registry/registered-plate';
import { encodeBucket, REGISTRY_BUCKET_COUNT, REGISTRY_COPY_FORMAT } from '#domain/registry/registry-copy';
import { VERIFICATION_VERDICTS } from '#domain/statuses/statuses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityAnswer } from '#domain/api/numbers';
import { checkNumber } from '../numbers/chosen-numbers';
import type { Signer } from '../credentials/key-store';
import type { Database } from '../db/database';
import { ensureCurrentCredentials } from '../jobs/credential-reissue';
import { errorBody } from '../plugins/error-handler';
import { insuranceRepository } from '../repositories/insurance-repository';
import { policeRepository } from '../repositories/police-repository';
import { logPersonalDataAccess } from '../privacy/access-log';
import { type PublicLookup, registryRepository } from '../repositories/registry-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { stalenessSettingsAnswerSchema } from '#domain/api/settings';
import { signingKeyRepository } from '../repositories/signing-key-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse, plainJson } from './schemas';
import { notifiedCache } from '../cache/notified-cache';
import { batchedReads } from '../cache/batched-reads';
import { type CacheMember, joinCacheMembers, REGISTRY_CHANGED } from '../cache/cache-members';
import { formatBlankSerial } from '#domain/serials/blank-serial';
import type { KeptVerdict } from '../plugins/verdicts-from-memory';
import { isoTimes } from '../clock';

const MAX_BUCKETS_PER_REQUEST = 512;

/** The channel migration 0047's triggers notify when a committed change touched a public verdict's facts. */

/** Sends an answer already written as JSON text: Fastify sends a string with a JSON type as it is. */
function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

const plateParams = z.object({ plateNumber: z.string().max(40, 'Plate number must be at most 10 characters') });

const verdictResponse = z.object({
  plateNumber: z.string(),
  verdict: z.enum(VERIFICATION_VERDICTS),
  tier: z.enum(['public', 'police']),
  vehicle: z.object({ make: z.string(), model: z.string(), colour: z.string(), year: z.number() }).nullable(),
  registrationDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  standingChangedAt: z.string().nullable(),
  /** For 'Not yet issued': how far the plate has got (Allocated: not made yet; Made: made, not handed over). */
  stage: z.enum(['Allocated', 'Made']).nullable(),
  /** The key that signed the plate's current credential: a QR code from another, replaced key is an old one. */
  keyId: z.number().nullable(),
  /** Police tier only: never sent to the public. */
  owner: z.object({ name: z.string() }).optional(),
  /** Police tier only: the plate's cover today, or 'none'. */
  insurance: z
    .union([z.object({ insurer: z.string(), policyNumber: z.string(), until: z.string() }), z.literal('none')])
    .optional(),
  /** Police tier only: the serials of the plate's blanks, to compare with those stamped on it (absent when the registry has none). */
  serials: z.object({ front: z.string(), rear: z.string() }).optional(),
  checkedAt: z.string(),
});

/** An officer's lookup: the whole registration, owner included. */
interface Lookup extends PublicLookup {
  found: RegisteredPlate | undefined;
}

/** What a public verdict is made of: the registry's facts about a number that anyone may read (no owner, no serials). */
interface PublicFacts {
  entry: RegistryEntry | undefined;
  /** The public answer's text up to checkedAt, written on `day` (publicAnswerText). */
  written?: { day: string; head: string };
  vehicle: { make: string; model: string; colour: string; year: number } | null;
  registrationDate: string | null;
  expiryDate: string | null;
  standingChangedAt: string | null;
  stage: UnissuedStanding | null;
  keyId: number | null;
}

function publicFactsOf({ found, unissued }: PublicLookup): PublicFacts {
  return {
    entry: found ? registryEntryOf(found) : unissued && unissuedRegistryEntry(unissued.plateNumber, unissued.standing),
    vehicle: found ? { make: found.make, model: found.model, colour: found.colour, year: found.year } : null,
    registrationDate: found?.registrationDate ?? null,
    expiryDate: found?.expiryDate ?? null,
    standingChangedAt: found?.standingChangedAt ?? null,
    stage: unissued?.standing ?? null,
    keyId: found?.keyId ?? null,
  };
}

/** 'GET /api/verification/:plateNumber': the route that answered, as the access log names it. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/** Who asked for a verdict, and where: what the access log records. */
const askedBy = (request: FastifyRequest, checkId: string | undefined) => ({
  checkId,
  route: routeOf(request),
  ip: request.ip,
});

/** Checked plate number from a path parameter, or a 400 the caller can act on. */
function plateFrom(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const parsed = parsePlateNumber(raw);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, message: parsed.error };
}

/**
 * Public verdicts are read from the registry's public facts about a number, kept in memory
 * until the database says the registry changed (a notice sent as the change commits, on
 * whichever instance made it: decision 072), and never while this instance cannot hear those
 * notices. So a plate reported stolen or revoked is never answered Valid from memory after the
 * change is committed. The verdict itself is decided per request, on the server's day, so a
 * plate past its expiry date reads Expired without any write. `publicVerdictCacheMs`: the
 * longest an entry is kept even when nothing was heard (0 turns the cache off).
 * Officers' lookups are never cached: each shows the owner and is logged.
 */
export const registryRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicOrigin: string;
  publicVerdictCacheMs?: number;
  now?: () => Date;
  signer?: Signer | null;
  /** Given the public verdicts kept in memory, to answer them before routing (verdicts-from-memory.ts). */
  answerKept?: (kept: KeptVerdict) => void;
}> = async (
  app,
  { db, publicOrigin, publicVerdictCacheMs = 60_000, now = () => new Date(), signer = null, answerKept },
) => {
  // Two clocks, each with its own text: the server's day (which a test may move) and the real
  // time an answer was checked. One shared would be written again at every turn between them.
  const dayText = isoTimes();
  const checkedText = isoTimes();
  const today = () => dayText(now().getTime()).slice(0, 10);
  const registry = registryRepository(db);
  let member: CacheMember | undefined;
  const publicFacts = notifiedCache<PublicFacts>({
    maxEntries: 50_000,
    maxAgeMs: publicVerdictCacheMs,
    isTrusted: () => member === undefined || member.isTrusted(),
  });
  if (publicVerdictCacheMs > 0 && db.listen && db.kind === 'pglite') {
    // The embedded database, in this one process: a change's notice is heard while its writer's
    // COMMIT is answered, before the writer's await returns.
    let isClosing = false;
    const stopListening = await db.listen(REGISTRY_CHANGED, {
      notified: () => publicFacts.changed(),
      listening: (isListening) => {
        publicFacts.listening(isListening);
        if (!isListening && !isClosing)
          app.log.warn('registry notices not heard: public verdicts are read from the database');
      },
    });
    app.addHook('onClose', async () => {
      isClosing = true;
      await stopListening();
    });
  } else if (publicVerdictCacheMs > 0 && db.listen && db.afterCommitOf) {
    // Between PostgreSQL instances a notice travels on its own connection and can arrive after
    // the writer's client has been answered and has asked again: a write that changed the
    // registry is held after its commit until every instance keeping verdicts has heard it.
    const joined = await joinCacheMembers(db, { cache: publicFacts, log: app.log });
    member = joined;
    const stopWaiting = db.afterCommitOf(REGISTRY_CHANGED, () => joined.barrier());
    app.addHook('onClose', async () => {
      stopWaiting();
      await joined.stop();
    });
  }
  /** The registration, or else the number's stage when it is held for an owner (docs/plate-lifecycle.md). */
  const lookUp = async (plateNumber: string): Promise<Lookup> => {
    const found = await registry.find(plateNumber);
    return found ? { found } : { found: undefined, unissued: await registry.findUnissued(plateNumber) };
  };
  // Numbers not kept, read together with the others asked for at the same time.
  const readPublicFacts = batchedReads(registry.findPublicMany);
  const keys = signingKeyRepository(db);
  const police = policeRepository(db);

  /** The verdict on `day` and the answer's fields before checkedAt, from a plate's public facts. */
  const publicAnswer = (plateNumber: string, facts: PublicFacts, day: string) => ({
    plateNumber: plateNumber,
    verdict: verdictFromRegistry(plateNumber, facts.entry, new Map(), day).verdict,
    tier: 'public' as 'public' | 'police',
    vehicle: facts.vehicle,
    registrationDate: facts.registrationDate,
    expiryDate: facts.expiryDate,
    standingChangedAt: facts.standingChangedAt,
    stage: facts.stage,
    keyId: facts.keyId,
  });

  /**
   * A public verdict as JSON text. Its text up to checkedAt is written once per plate and
   * day from the kept facts, and kept with them: a verdict served from memory costs a lookup
   * and a splice. The day is part of it, so a plate past its expiry date reads Expired from
   * the next day's first answer.
   */
  const answerText = (plateNumber: string, facts: PublicFacts): string => {
    const day = today();
    let head = facts.written?.day === day ? facts.written.head : undefined;
    if (head === undefined) {
      const text = JSON.stringify({ ...publicAnswer(plateNumber, facts, day), checkedAt: '' });
      head = text.slice(0, -'""}'.length);
      facts.written = { day, head };
    }
    return `${head}"${checkedText(Date.now())}"}`;
  };
  const publicAnswerText = async (plateNumber: string): Promise<string> =>
    answerText(
      plateNumber,
      publicFacts.peek(plateNumber) ??
        (await publicFacts.get(plateNumber, async () =>
          publicFactsOf((await readPublicFacts(plateNumber)) ?? { found: undefined }),
        )),
    );
  // A number as its address carries it, answered only when its facts are kept (never with the
  // cache off: then the listener is given nothing, and does no work for any request).
  if (publicVerdictCacheMs > 0)
    answerKept?.((raw) => {
      const plate = plateFrom(raw);
      const facts = plate.ok ? publicFacts.peek(plate.value) : undefined;
      return plate.ok && facts ? answerText(plate.value, facts) : undefined;
    });

  /**
   * A plate's verdict as an officer gets it: the check recorded under the device's id, the
   * owner's name, insurance and serials, the look logged. Never from memory.
   */
  const verdictAnswer = async (
    plateNumber: string,
    officer: User,
    asked: { checkId: string | undefined; route: string; ip: string },
    method: (typeof CHECK_METHODS)[number] = 'manual',
  ) => {
    const { checkId } = asked;
    const lookup = await lookUp(plateNumber);
    const checkedAt = new Date().toISOString();
    const base = { ...publicAnswer(plateNumber, publicFactsOf(lookup), today()), tier: 'police' as const, checkedAt };
    // The device's id when it sends one, so the same check synced later is not logged twice.
    await police.recordCheck(officer.id, {
      id: checkId ?? crypto.randomUUID(),
      plateNumber: plateNumber as never,
      verdict: base.verdict,
      method: method,
      offline: false,
      checkedAt,
    });
    const found = lookup.found;
    if (!found) return base;
    // One row per look, whatever id the device sent: the check id above is the device's own record.
    await logPersonalDataAccess(
      db,
      {
        reader: { id: officer.id, name: officer.name, role: 'police' },
        plateNumber: found.plateNumber,
        purpose: 'roadside check',
        route: asked.route,
        checkId: checkId ?? null,
        ip: asked.ip,
      },
      now(),
    );
    const cover = await insuranceRepository(db).coverFor(found.plateNumber, today());
    const serials =
      found.frontSerial !== null && found.rearSerial !== null
        ? { serials: { front: formatBlankSerial(found.frontSerial), rear: formatBlankSerial(found.rearSerial) } }
        : {};
    return { ...base, owner: { name: found.ownerName }, insurance: cover ?? ('none' as const), ...serials };
  };

  app.get(
    '/api/credentials/keys',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verification'],
        summary: "The registry's public signing keys (Ed25519, raw 32 bytes in base64url)",
        response: {
          200: z.object({
            keys: z.array(
              z.object({
                keyId: z.number(),
                publicKey: z.string(),
                status: z.string(),
                createdAt: z.string(),
                statusChangedAt: z.string(),
              }),
            ),
            serverTime: z.string(),
          }),
        },
      },
    },
    async () => ({
      keys: (await keys.all()).map((key) => ({ ...key, publicKey: Buffer.from(key.publicKey).toString('base64url') })),
      serverTime: new Date().toISOString(),
    }),
  );

  app.get(
    '/api/credentials/revocations',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verification'],
        summary:
          'Plates revoked or reported stolen, and re-issued plates whose older credentials (registered before supersededBefore) are revoked. With ?known=<version> an unchanged list is not sent again.',
        querystring: z.object({ known: z.coerce.number().int().nonnegative().optional() }),
        response: {
          200: z.object({
            version: z.number(),
            unchanged: z.boolean(),
            revocations: z
              .array(
                z.object({
                  plateNumber: z.string(),
                  status: z.enum(['Revoked', 'Stolen']),
                  at: z.string(),
                  supersededBefore: z.string().optional(),
                }),
              )
              .optional(),
            serverTime: z.string(),
            staleness: stalenessSettingsAnswerSchema.describe(
              'How old this list (and a registry copy) may grow before a Valid verdict made with it is weakened, then not confirmed offline: the administrators’ setting, sent even when the list is unchanged',
            ),
          }),
        },
      },
    },
    async (request) => {
      const [version, { settings: staleness }] = await Promise.all([
        registry.version(),
        settingsRepository(db).staleness(),
      ]);
      const serverTime = new Date().toISOString();
      if (request.query.known === version) return { version, unchanged: true, serverTime, staleness };
      return { version, unchanged: false, revocations: await registry.revocations(), serverTime, staleness };
    },
  );

  app.get(
    '/api/verification/:plateNumber',
    {
      config: { access: 'public' },
      // A verdict is a few hundred bytes, under the compression threshold: its hooks are skipped.
      compress: false,
      decompress: false,
      // The answer is built field by field below, the owner only for officers: plain
      // JSON.stringify, not a check of it against the response schema (which stays for the
      // API document). The public page is the one anyone can hammer.
      serializerCompiler: plainJson,
      schema: {
        tags: ['verification'],
        summary: "A plate's verdict from the registry. Officers also get the owner's name, and the lookup is logged.",
        params: plateParams,
        querystring: z.object({
          checkId: z.uuid({ message: 'checkId must be a UUID' }).optional(),
          method: z.enum(CHECK_METHODS).optional(),
        }),
        response: { 200: verdictResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const plate = plateFrom(request.params.plateNumber);
      if (!plate.ok) return reply.code(400).send(errorBody(400, plate.message, { plateNumber: plate.message }));
      const officer = request.user && can(request.user.roles, 'police:check') ? request.user : null;
      if (!officer) return sendJsonText(reply, await publicAnswerText(plate.value));
      return verdictAnswer(
        plate.value,
        officer,
        askedBy(request, request.query.checkId),
        request.query.method ?? 'manual',
      );
    },
  );

  app.get(
    '/api/verification/chassis/:chassisNumber',
    {
      config: { access: 'police:check' },
      schema: {
        tags: ['verification'],
        summary:
          "Officers only: the verdict of the plate registered to a vehicle, found by its chassis number, with the owner's name; logged like any owner lookup.",
        params: z.object({ chassisNumber: chassisNumberSchema }),
        querystring: z.object({ checkId: z.uuid({ message: 'checkId must be a UUID' }).optional() }),
        response: { 200: verdictResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const found = await registry.findByChassis(request.params.chassisNumber);
      if (!found) {
        const message = `No registered vehicle has the chassis number ${request.params.chassisNumber}.`;
        return reply.code(404).send(errorBody(404, message));
      }
      // The route's access lets only officers here.
      const officer = request.user;
      if (!officer) return sendJsonText(reply, await publicAnswerText(found.plateNumber));
      return verdictAnswer(found.plateNumber, officer, askedBy(request, request.query.checkId));
    },
  );

  app.get(
    '/api/plates/:plateNumber/availability',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verification'],
        summary:
          'Whether a number is for sale, held, registered, or free to apply for; a number nobody has must be one that can be applied for (docs/plate-numbers.md)',
        params: plateParams,
        response: { 200: availabilityAnswer, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const plate = parsePlateNumber(request.params.plateNumber);
      const checked = plate.ok ? await checkNumber(db, plate.value) : { invalid: plate.error };
      if ('invalid' in checked)
        return reply.code(400).send(errorBody(400, checked.invalid, { plateNumber: checked.invalid }));
      return checked;
    },
  );

  app.get(
    '/api/registry/manifest',
    {
      config: { access: 'registry:copy' },
      schema: {
        tags: ['verification'],
        summary:
          "The device copy's table of contents: [bucket, version, plates] per bucket. With ?known=<version> an unchanged registry is not listed again.",
        querystring: z.object({ known: z.coerce.number().int().nonnegative().optional() }),
        response: {
          200: z.object({
            version: z.number(),
            unchanged: z.boolean(),
            plates: z.number().optional(),
            bucketCount: z.number(),
            buckets: z.array(z.tuple([z.number(), z.number(), z.number()])).optional(),
            serverTime: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const serverTime = new Date().toISOString();
      const version = await registry.version();
      if (request.query.known === version)
        return { version, unchanged: true, bucketCount: REGISTRY_BUCKET_COUNT, serverTime };
      const manifest = await registry.manifest();
      return { ...manifest, unchanged: false, bucketCount: REGISTRY_BUCKET_COUNT, serverTime };
    },
  );

  app.get(
    '/api/registry/buckets',
    {
      config: { access: 'registry:copy' },
      schema: {
        tags: ['verification'],
        summary: `Buckets of the device copy, by id (comma-separated, at most ${MAX_BUCKETS_PER_REQUEST}). Each holds tab-separated rows (format ${REGISTRY_COPY_FORMAT}): plate, standing (V/R/S, or A/M not yet issued), registration and expiry as base-36 days since 1970, make, model, colour; a registered plate's row then the number of its cover terms and, for each, start, end (base-36 days) and insurer; then, when the registry has them, its front and rear blank serials (base 36).`,
        querystring: z.object({
          ids: z
            .string({ error: 'ids is required' })
            .regex(/^\d{1,4}(,\d{1,4})*$/, 'ids must be bucket numbers separated by commas')
            .transform((text) => [...new Set(text.split(',').map(Number))])
            .refine(
              (ids) => ids.length <= MAX_BUCKETS_PER_REQUEST,
              `At most ${MAX_BUCKETS_PER_REQUEST} buckets per request`,
            )
            .refine(
              (ids) => ids.every((id) => id < REGISTRY_BUCKET_COUNT),
              `Bucket numbers go from 0 to ${REGISTRY_BUCKET_COUNT - 1}`,
            ),
        }),
        response: {
          200: z.object({
            buckets: z.array(z.object({ bucket: z.number(), version: z.number(), rows: z.string() })),
            serverTime: z.string(),
          }),
          400: errorResponse,
        },
      },
    },
    async (request) => {
      const ids = request.query.ids;
      // Versions first, rows second: the rows are then at least as new as the version the
      // device records, so a change in between is fetched again, never missed.
      const versions = new Map((await registry.manifest()).buckets.map(([bucket, version]) => [bucket, version]));
      const rows = await registry.bucketRows(ids, today());
      return {
        buckets: ids.map((bucket) => ({
          bucket,
          version: versions.get(bucket) ?? 0,
          rows: encodeBucket(rows.get(bucket) ?? []),
        })),
        serverTime: new Date().toISOString(),
      };
    },
  );

  app.get(
    '/api/admin/registry/:plateNumber',
    {
      config: { access: 'registry:manage' },
      schema: {
        tags: ['verification'],
        summary: 'Everything the registry holds on a plate, with its credential and QR address',
        params: plateParams,
        response: {
          200: adminRegistryPlateAnswer,
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const plate = plateFrom(request.params.plateNumber);
      if (!plate.ok) return reply.code(400).send(errorBody(400, plate.message, { plateNumber: plate.message }));
      // A credential signed by a revoked key is never handed out: the plate is re-issued first.
      const found = await db.transaction(async (tx) => {
        await ensureCurrentCredentials(tx, signer, [plate.value]);
        return registryRepository(tx).find(plate.value);
      });
      if (!found) return reply.code(404).send(errorBody(404, `${plate.value} is not in the registry.`));
      const admin = request.user as User;
      await logPersonalDataAccess(
        db,
        {
          reader: { id: admin.id, name: admin.name, role: 'admin' },
          plateNumber: found.plateNumber,
          purpose: 'registry record',
          route: routeOf(request),
          checkId: null,
          ip: request.ip,
        },
        now(),
      );
      const { credential, bucket: _bucket, version: _version, standingChangedAt: _changed, ...rest } = found;
      return {
        plate: {
          ...rest,
          credentialDigits: bytesToDigits(credential),
          credentialUrl: credentialUrl(publicOrigin, credential),
        },
      };
    },
  );
};
