/**
 * Ownership transfers (online only: the server decides who owns a plate). The owner
 * invites the recipient by email or phone and may cancel; whoever follows the invitation's
 * link signed in claims it (answered the same whether or not the contact had an account);
 * the recipient accepts
 * it with their name and NRC number, or declines it. Both parties' devices receive every
 * change through sync (entity plateTransfer); the list here is for reading online.
 * Someone else's transfer is answered as missing.
 */
import { parsePlateNumber } from '#domain/plates/plate-number';
import { transferAnswer, transfersAnswer } from '#domain/api/transfers';
import { transferAcceptanceSchema, transferStartSchema } from '#domain/plates/transfer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Signer } from '../credentials/key-store';
import type { Database } from '../db/database';
import { NO_SIGNING_KEY } from '../lifecycle/plate-lifecycle';
import { plateTransfers } from '../lifecycle/plate-transfers';
import { answerOrRefuse } from '../payments/refusal-reply';
import { errorBody } from '../plugins/error-handler';
import { transferRepository } from '../repositories/transfer-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

const plateParams = z.object({ plateNumber: z.string().max(40, 'Plate number must be at most 10 characters') });
const idParams = z.object({ id: z.string().max(64) });
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const invitationBody = z.object({
  token: z.string().min(1, 'The invitation link is not complete').max(100, 'The invitation link is not complete'),
});

export const transferRoutes: FastifyPluginAsyncZod<{ db: Database; signer: Signer | null; now: () => Date }> = async (
  app,
  { db, signer, now },
) => {
  const transfers = plateTransfers({ db, signer, now });

  app.post(
    '/api/plates/:plateNumber/transfers',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary:
          "Invites whoever holds this email or +260 phone number to take the caller's registered plate (Pending until accepted, declined or cancelled); the answer never says whether the contact has an account. At most 10 an hour per account",
        params: plateParams,
        body: transferStartSchema,
        response: { 201: transferAnswer, ...refusals, 429: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        const plate = parsePlateNumber(request.params.plateNumber);
        if (!plate.ok) return reply.code(400).send(errorBody(400, plate.error, { plateNumber: plate.error }));
        const transfer = await transfers.start(
          { user: request.user as User, ip: request.ip },
          plate.value,
          request.body.toContact,
        );
        return reply.code(201).send({ transfer });
      }),
  );

  app.post(
    '/api/transfers/claim',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary: "The signed-in account follows a transfer invitation's link and becomes its recipient",
        body: invitationBody,
        response: { 200: transferAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => ({
        transfer: await transfers.claim({ user: request.user as User, ip: request.ip }, request.body.token),
      })),
  );

  app.post(
    '/api/transfers/:id/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary: 'The owner cancels a transfer they started, while it waits',
        params: idParams,
        response: { 200: transferAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => ({
        transfer: await transfers.cancel({ user: request.user as User, ip: request.ip }, request.params.id),
      })),
  );

  app.post(
    '/api/transfers/:id/decline',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary: 'The recipient declines a transfer offered to them, while it waits',
        params: idParams,
        response: { 200: transferAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => ({
        transfer: await transfers.decline({ user: request.user as User, ip: request.ip }, request.params.id),
      })),
  );

  app.post(
    '/api/transfers/:id/accept',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary:
          'The recipient accepts with their name and NRC number as on their ID: the registration is re-issued to them, and the old QR code reads as replaced',
        params: idParams,
        body: transferAcceptanceSchema,
        response: { 200: transferAnswer, ...refusals, 503: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        if (!signer) return reply.code(503).send(errorBody(503, NO_SIGNING_KEY));
        return {
          transfer: await transfers.accept(
            { user: request.user as User, ip: request.ip },
            request.params.id,
            request.body,
          ),
        };
      }),
  );

  app.get(
    '/api/me/transfers',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary: 'Transfers the caller started or was offered, newest first',
        response: { 200: transfersAnswer },
      },
    },
    async (request) => ({ transfers: await transferRepository(db).listFor((request.user as User).id) }),
  );
};
