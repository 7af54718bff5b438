/**
 * Checkout and review code refuses with a Refusal (status, words for the user, field
 * messages); routes turn it into the usual JSON error body. Anything else thrown is a
 * server fault and reaches the error handler.
 */
import type { FastifyReply } from 'fastify';
import { errorBody } from '../plugins/error-handler';
import { Refusal } from '../sync/intent';

export { Refusal };

/** Answers a refusal a service returned as a value. */
export function sendRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  return reply.code(refusal.status).send(errorBody(refusal.status, refusal.message, refusal.fields));
}

export async function answerOrRefuse<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) return sendRefusal(reply, error);
    throw error;
  }
}
