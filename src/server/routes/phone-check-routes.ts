/**
 * Plate checks from any phone. POST /api/ussd/callback is the USSD gateway's callback: a form
 * post (or JSON, from the sandbox's simulator) of sessionId, serviceCode, phoneNumber and text,
 * answered "CON …" or "END …" as text/plain, or as JSON to a caller that asks for it. POST
 * /api/sms/inbound takes a text sent to the service's number (from, text, id) and queues the
 * reply. Both are public routes in the permission table: the gateway and the message provider
 * are not users. Their adapters decide who may call (a shared secret and/or the gateway's
 * addresses; the sandbox: administrators only). docs/ussd-and-sms.md.
 */
import { inboundSmsAnswer, ussdStepAnswer } from '#domain/api/phone-checks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { MessageProvider } from '../messages/message-provider';
import { errorBody } from '../plugins/error-handler';
import type { CallerCheck, GatewayCaller, UssdGateway } from '../ussd/gateway';
import { ussdCallbackBody } from '../ussd/gateway';
import { smsCheckService } from '../ussd/sms-checks';
import { ussdService } from '../ussd/ussd-service';
import { errorResponse } from './schemas';

const TEN_MINUTES_MS = 10 * 60_000;

const inboundSmsBody = z.object({
  from: z
    .string({ error: 'from is required' })
    .trim()
    .min(1, 'from is required')
    .max(20, 'from must be at most 20 characters')
    .regex(/^\+?[0-9 ]+$/, 'from must be a phone number'),
  text: z.string({ error: 'text is required' }).max(500, 'text must be at most 500 characters'),
  id: z.string().max(100, 'id must be at most 100 characters').optional(),
});

const callerOf = (request: FastifyRequest): GatewayCaller => ({
  ip: request.ip,
  headers: request.headers,
  user: request.user ?? undefined,
});

function refuse(reply: FastifyReply, check: Exclude<CallerCheck, { ok: true }>) {
  return reply.code(check.status).send(errorBody(check.status, check.message));
}

export const phoneCheckRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => Date;
  gateway: UssdGateway;
  messageProvider: MessageProvider;
  sessionIdleMs: number;
  phoneCheckLimit: number;
}> = async (app, { db, now, gateway, messageProvider, sessionIdleMs, phoneCheckLimit }) => {
  const limit = { max: phoneCheckLimit, windowMs: TEN_MINUTES_MS };
  const ussd = ussdService({ db, log: app.log, now, sessionIdleMs, limit });
  await ussd.start();
  const sms = smsCheckService({ db, now, limit, provider: messageProvider.name });

  // Gateways post forms; only this plugin's routes read that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );

  app.post(
    '/api/ussd/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verification'],
        summary:
          'A USSD gateway\'s callback: one step of a session. Answers "CON …" or "END …" as text/plain (JSON { answer } when asked for JSON).',
        body: ussdCallbackBody,
        response: { 200: ussdStepAnswer, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const check = gateway.check(callerOf(request));
      if (!check.ok) return refuse(reply, check);
      const answer = await ussd.answer(request.body);
      reply.header('Cache-Control', 'no-store');
      if (request.headers.accept?.includes('application/json')) return { answer };
      // A gateway reads the screen as plain text: sent as it is, past the JSON answer's schema.
      return reply
        .type('text/plain; charset=utf-8')
        .serializer((text: unknown) => String(text))
        .send(answer as never);
    },
  );

  app.post(
    '/api/sms/inbound',
    {
      config: { access: 'public' },
      schema: {
        tags: ['verification'],
        summary:
          "A text sent to the service's number, from the message provider: a plate number gets its verdict by SMS",
        body: inboundSmsBody,
        response: {
          200: inboundSmsAnswer,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const inbound = messageProvider.inbound;
      if (!inbound)
        return reply.code(404).send(errorBody(404, `The message provider '${messageProvider.name}' takes no texts.`));
      const check = inbound.check(callerOf(request));
      if (!check.ok) return refuse(reply, check);
      const { from, text, id } = request.body;
      return { outcome: await sms.receive({ from, text, providerRef: id ?? null }) };
    },
  );
};
