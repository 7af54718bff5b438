/**
 * The administrator's Partner API page (/dashboard/admin/partners): organisations, their keys
 * (issued, rotated, revoked) and each organisation's usage, with its CSV export. Writes are
 * online-only commands; the key itself is answered once, when issued or rotated.
 */
import {
  followedPlatesAnswer,
  replayAnswer,
  webhookCreatedAnswer,
  webhooksAnswer,
  issuedKeyAnswer,
  partnerOrganisationAnswer,
  partnerOrganisationsAnswer,
  partnerUsageAnswer,
} from '#domain/api/partners';
import {
  DAILY_QUOTA_MAX,
  DEFAULT_KEY_LIMITS,
  KEY_LIFETIME_DAYS_MAX,
  lusakaDayStart,
  PARTNER_KINDS,
  PARTNER_SCOPES,
  PER_MINUTE_MAX,
  ROTATION_OVERLAP_HOURS_MAX,
  usageCsv,
  usageCsvFileName,
} from '#domain/partners/partner-api';
import { WEBHOOK_EVENTS } from '#domain/partners/webhooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import {
  issueKey,
  listOrganisations,
  type Refusal,
  registerOrganisation,
  revokeKey,
  rotateKey,
} from '../partners/partner-keys';
import { errorBody } from '../plugins/error-handler';
import { followPlates, replayDelivery, subscribe } from '../partners/webhooks';
import { partnerRepository } from '../repositories/partner-repository';
import { partnerWebhookRepository } from '../repositories/partner-webhook-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

const idParams = z.object({ id: z.string().min(1).max(64) });
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max.toLocaleString('en-GB')}`);

const organisationBody = z.object({
  name: z.string().trim().min(2, 'Give the organisation’s name').max(120, 'The name must be at most 120 characters'),
  kind: z.enum(PARTNER_KINDS, { error: 'Choose what kind of organisation it is' }),
  insurerName: z.string().trim().max(120, 'The insurer’s name must be at most 120 characters').nullish(),
  contactEmail: z.email({ error: 'Give a contact email address' }).max(254),
});

const keyBody = z.object({
  scopes: z.array(z.enum(PARTNER_SCOPES, { error: 'Unknown scope' })).max(PARTNER_SCOPES.length),
  perMinute: wholeNumber('Requests a minute', 1, PER_MINUTE_MAX).default(DEFAULT_KEY_LIMITS.perMinute),
  dailyQuota: wholeNumber('Plates a day', 1, DAILY_QUOTA_MAX).default(DEFAULT_KEY_LIMITS.dailyQuota),
  lifetimeDays: wholeNumber('Days until it expires', 1, KEY_LIFETIME_DAYS_MAX).default(DEFAULT_KEY_LIMITS.lifetimeDays),
});

const rotateBody = z.object({
  overlapHours: wholeNumber('Hours the old key keeps working', 0, ROTATION_OVERLAP_HOURS_MAX),
  lifetimeDays: wholeNumber('Days until it expires', 1, KEY_LIFETIME_DAYS_MAX).default(DEFAULT_KEY_LIMITS.lifetimeDays),
});

const USAGE_DAYS = 30;
const USAGE_CALLS_SHOWN = 200;
const USAGE_CALLS_EXPORTED = 100_000;

const isRefusal = (value: object): value is Refusal => 'refused' in value;

export const partnerAdminRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const actorOf = (request: FastifyRequest) => ({ id: (request.user as User).id, ip: request.ip });
  const refused = (reply: FastifyReply, refusal: Refusal) =>
    reply.code(refusal.status).send(errorBody(refusal.status, refusal.message, refusal.fields));
  const write = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

  app.get(
    '/api/admin/partners',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: 'Partner organisations with their keys (never the keys themselves) and calls today',
        response: { 200: partnerOrganisationsAnswer },
      },
    },
    async () => ({ organisations: await listOrganisations(db, now()) }),
  );

  app.post(
    '/api/admin/partners',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: 'Registers a partner organisation (an insurer names itself as its policies do)',
        body: organisationBody,
        response: { ...write, 201: partnerOrganisationAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await registerOrganisation(
        db,
        { ...request.body, insurerName: request.body.insurerName || null },
        actorOf(request),
        now(),
      );
      if (isRefusal(outcome)) return refused(reply, outcome);
      return reply.code(201).send({ organisation: outcome });
    },
  );

  app.post(
    '/api/admin/partners/:id/keys',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: 'Issues an API key: the answer is the only time the key is shown',
        params: idParams,
        body: keyBody,
        response: { ...write, 201: issuedKeyAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await issueKey(db, request.params.id, request.body, actorOf(request), now());
      if (isRefusal(outcome)) return refused(reply, outcome);
      return reply.code(201).send(outcome);
    },
  );

  app.post(
    '/api/admin/partner-keys/:id/rotate',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: 'A new key with the same terms; the old one keeps working for the overlap chosen (0: stops at once)',
        params: idParams,
        body: rotateBody,
        response: { ...write, 201: issuedKeyAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await rotateKey(db, request.params.id, request.body, actorOf(request), now());
      if (isRefusal(outcome)) return refused(reply, outcome);
      return reply.code(201).send(outcome);
    },
  );

  app.post(
    '/api/admin/partner-keys/:id/revoke',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: 'Revokes a key: it stops working at once',
        params: idParams,
        response: { ...write, 200: partnerOrganisationAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await revokeKey(db, request.params.id, actorOf(request), now());
      if (isRefusal(outcome)) return refused(reply, outcome);
      return { organisation: outcome };
    },
  );

  const usageOf = async (id: string, calls: number) => {
    const partners = partnerRepository(db);
    const organisation = await partners.organisation(id);
    if (!organisation) return undefined;
    const since = new Date(lusakaDayStart(now()).getTime() - (USAGE_DAYS - 1) * 86_400_000);
    return {
      organisation: { id: organisation.id, name: organisation.name },
      days: await partners.usageByDay(id, since),
      calls: await partners.calls(id, since, calls),
    };
  };

  app.get(
    '/api/admin/partners/:id/usage',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: `An organisation's calls and plate checks per Lusaka day over ${USAGE_DAYS} days, and its latest ${USAGE_CALLS_SHOWN} calls`,
        params: idParams,
        response: { 200: partnerUsageAnswer, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const usage = await usageOf(request.params.id, USAGE_CALLS_SHOWN);
      if (!usage) return reply.code(404).send(errorBody(404, 'No such partner organisation.'));
      return usage;
    },
  );

  app.get(
    '/api/admin/partners/:id/usage.csv',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: `An organisation's calls over ${USAGE_DAYS} days as a CSV file, times in Lusaka time (CAT, UTC+02:00)`,
        params: idParams,
      },
    },
    async (request, reply) => {
      const usage = await usageOf(request.params.id, USAGE_CALLS_EXPORTED);
      if (!usage) return reply.code(404).send(errorBody(404, 'No such partner organisation.'));
      const today = new Date(now().getTime() + 2 * 3600_000).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${usageCsvFileName(usage.organisation.name, today)}"`)
        .send(usageCsv(usage.calls));
    },
  );

  // -------------------------------------------------------------------------------- webhooks

  const webhookBody = z.object({
    url: z.string().trim().min(1, 'Give the address to send events to').max(2000, 'The address is too long'),
    events: z.array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' })).max(WEBHOOK_EVENTS.length),
  });
  const followBody = z.object({
    plates: z
      .array(z.string().max(40, 'Plate number must be at most 10 characters'))
      .min(1, 'Give at least one plate number')
      .max(1000, 'At most 1,000 plates at a time'),
  });

  app.get(
    '/api/admin/partners/:id/webhooks',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary:
          "An organisation's webhook subscriptions, the plates listed for it to follow, and its latest 100 deliveries with their last answers",
        params: idParams,
        response: { 200: webhooksAnswer, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      if (!(await partnerRepository(db).organisation(id)))
        return reply.code(404).send(errorBody(404, 'No such partner organisation.'));
      const webhooks = partnerWebhookRepository(db);
      const deliveries = (await webhooks.deliveries(id, 100)).map(
        ({ secret: _secret, organisationId: _organisation, retryFrom: _retryFrom, lastAttempt, ...delivery }) => ({
          ...delivery,
          lastAttempt: lastAttempt && {
            attempt: lastAttempt.attempt,
            at: lastAttempt.at,
            status: lastAttempt.status,
            response: lastAttempt.response,
          },
        }),
      );
      return { webhooks: await webhooks.webhooksOf(id), followedPlates: await webhooks.followed(id), deliveries };
    },
  );

  app.post(
    '/api/admin/partners/:id/webhooks',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary:
          'Subscribes an organisation to plate events at an address (https): the answer is the only time the signing secret is shown',
        params: idParams,
        body: webhookBody,
        response: { ...write, 201: webhookCreatedAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await subscribe(db, request.params.id, request.body, actorOf(request), now());
      if (isRefusal(outcome)) return refused(reply, outcome);
      return reply.code(201).send({ webhook: { id: outcome.id }, secret: outcome.secret });
    },
  );

  app.post(
    '/api/admin/partners/:id/followed-plates',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary:
          "Plates an organisation follows besides an insurer's insured plates (a bank's financed cars, a dealer's stock)",
        params: idParams,
        body: followBody,
        response: { ...write, 200: followedPlatesAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await followPlates(db, request.params.id, request.body.plates, actorOf(request), now());
      if (isRefusal(outcome)) return refused(reply, outcome);
      return outcome;
    },
  );

  app.post(
    '/api/admin/partners/:id/deliveries/:deliveryId/replay',
    {
      config: { access: 'partners:manage' },
      schema: {
        tags: ['partner API'],
        summary: 'Sends a delivery again (with a fresh day of retries), whatever became of it',
        params: z.object({ id: z.string().min(1).max(64), deliveryId: z.string().min(1).max(64) }),
        response: { ...write, 200: replayAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await replayDelivery(db, request.params.id, request.params.deliveryId, actorOf(request), now());
      if (isRefusal(outcome)) return refused(reply, outcome);
      return outcome;
    },
  );
};
