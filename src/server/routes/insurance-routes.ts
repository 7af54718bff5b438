/**
 * The insurance agent's policy routes: issue, renew and cancel a policy, and ask a plate's
 * owner for consent. Each validates its body, lets only insurance agents in, and calls the
 * policy workflows (src/server/insurance/policies.ts), answering a refusal with its status.
 */
import { consentRequestSchema } from '#domain/insurance/owner-consent-schemas';
import { cancelPolicySchema, policyInputSchema, renewPolicySchema } from '#domain/insurance/policy';
import { consentAnswer, policyAnswer } from '#domain/api/insurance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { policyService } from '../insurance/policies';
import { sendRefusal } from '../payments/refusal-reply';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

const policyParams = z.object({ id: z.string().max(64, 'id must be at most 64 characters') });
const responses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};

export const insuranceRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  const policies = policyService({ db, now });

  app.post(
    '/api/insurance/policies',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary: 'Issue a Third Party or Comprehensive policy on a registered plate, for one of your customers',
        body: policyInputSchema,
        response: { 201: policyAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await policies.issue(request.user as User, request.ip, request.body);
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
      return reply.code(201).send({ policy: outcome.value });
    },
  );

  app.post(
    '/api/insurance/policies/:id/renew',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary:
          'Renew a policy for a new one-year term from the day after it ends (or today, when it has ended): a new policy number',
        params: policyParams,
        body: renewPolicySchema,
        response: { 201: policyAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await policies.renew(request.user as User, request.ip, request.params.id, request.body.premium);
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
      return reply.code(201).send({ policy: outcome.value });
    },
  );

  app.post(
    '/api/insurance/policies/:id/cancel',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary: 'Cancel an active policy, with the reason',
        params: policyParams,
        body: cancelPolicySchema,
        response: { 200: policyAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await policies.cancel(request.user as User, request.ip, request.params.id, request.body.reason);
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
      return { policy: outcome.value };
    },
  );

  app.post(
    '/api/insurance/consents',
    {
      config: { access: 'insurance:manage' },
      schema: {
        tags: ['insurance'],
        summary:
          "Ask a plate's registered owner, in their dashboard, to consent to one of your customers (a driver) being insured on it; the question already waiting, when there is one",
        body: consentRequestSchema,
        response: { 201: consentAnswer, ...responses },
      },
    },
    async (request, reply) => {
      const outcome = await policies.askConsent(request.user as User, request.ip, request.body);
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
      const asked = outcome.value;
      return reply.code(201).send({
        request: {
          id: asked.id,
          kind: asked.kind,
          status: asked.status,
          customerId: asked.customerId,
          plateNumber: asked.plateNumber,
          createdAt: asked.createdAt,
        },
      });
    },
  );
};
