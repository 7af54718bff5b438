/**
 * The account holder's side of insurance only with the owner (docs/insurance.md): the
 * questions insurance agents asked them (a customer link, consent to insure their plate for
 * a driver), answered with Accept or Decline, and the dispute of a policy on their plate they
 * do not recognise. Online only: the answer changes what an agent may do at once.
 */
import { messageAnswer } from '#domain/api/accounts';
import { answeredInsuranceRequestAnswer, insuranceRequestsAnswer } from '#domain/api/insurance';
import { type InsuranceRequest, policyDisputedMessage } from '#domain/insurance/owner-consent';
import { policyDisputeSchema } from '#domain/insurance/owner-consent-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { answerRequest, disputePolicy } from '../insurance/owner-consent';
import { answerOrRefuse } from '../payments/refusal-reply';
import { insuranceRequestRepository, type StoredInsuranceRequest } from '../repositories/insurance-request-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

const idParams = z.object({ id: z.string().max(64, 'id must be at most 64 characters') });
const policyParams = z.object({ policyNumber: z.string().max(20, 'Policy number must be at most 20 characters') });
const refusals = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

/** What the account holder is shown of a question: nothing of the agent's other records. */
const shown = (request: StoredInsuranceRequest): InsuranceRequest => ({
  id: request.id,
  kind: request.kind,
  insurer: request.insurer,
  customerName: request.customerName,
  customerNrc: request.customerNrc,
  plateNumber: request.plateNumber,
  createdAt: request.createdAt,
});

export const insuranceOwnerRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    '/api/me/insurance-requests',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary:
          "Insurance agents' questions waiting for the caller's answer: customer links and consent to insure their plates",
        response: { 200: insuranceRequestsAnswer },
      },
    },
    async (request) => ({
      requests: (await insuranceRequestRepository(db).pendingFor((request.user as User).id)).map(shown),
    }),
  );

  for (const [path, answer] of [
    ['accept', 'Accepted'],
    ['decline', 'Declined'],
  ] as const) {
    app.post(
      `/api/me/insurance-requests/:id/${path}`,
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['owner'],
          summary:
            answer === 'Accepted'
              ? 'Accept: a link makes the customer you (the agent then sees your registered plates); a consent lets the agent insure your plate for their customer'
              : 'Decline: nothing is linked or insured',
          params: idParams,
          response: { 200: answeredInsuranceRequestAnswer, ...refusals },
        },
      },
      async (request, reply) =>
        answerOrRefuse(reply, async () => {
          const answered = await db.transaction((tx) =>
            answerRequest(tx, request.user as User, request.params.id, answer, now(), request.ip),
          );
          return { request: { ...shown(answered), status: answered.status } };
        }),
    );
  }

  app.post(
    '/api/me/policies/:policyNumber/dispute',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary:
          "The plate's registered owner disputes a policy on it they do not recognise: the registry's administrator reviews it, and the insurer is told",
        params: policyParams,
        body: policyDisputeSchema,
        response: { 200: messageAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        await db.transaction((tx) =>
          disputePolicy(tx, request.user as User, request.params.policyNumber, request.body.note, now(), request.ip),
        );
        return { message: policyDisputedMessage(request.params.policyNumber) };
      }),
  );
};
