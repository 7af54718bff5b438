/**
 * The record of SMS and email sent to users, for administrators: with the embedded
 * sandbox provider this is where its messages are read, since none leaves the machine.
 */
import { sentMessagesPageSchema, sentMessagesQuerySchema, type SentMessage } from '#domain/messages/sent-message';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { htmlToShow } from '../messages/email-body';
import { textToShow } from '../messages/message-text';
import { messageRepository, type StoredMessage } from '../repositories/message-repository';
import { errorResponse } from './schemas';

/** `showsSecrets`: messages go to the sandbox, so reset links are shown whole (textToShow). */
export const messageRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicOrigin: string;
  showsSecrets: boolean;
}> = async (app, { db, publicOrigin, showsSecrets }) => {
  const messages = messageRepository(db);
  const shown = (message: StoredMessage): SentMessage => ({
    id: message.id,
    kind: message.kind,
    channel: message.channel,
    to: message.recipient,
    subject: message.subject,
    body: textToShow(message, publicOrigin, showsSecrets),
    html: message.channel === 'email' ? htmlToShow(message, publicOrigin, showsSecrets) : null,
    status: message.status,
    attempts: message.attempts,
    error: message.error,
    provider: message.provider,
    providerRef: message.providerRef,
    createdAt: message.createdAt,
    lastAttemptAt: message.lastAttemptAt,
    nextAttemptAt: message.status === 'queued' ? message.nextAttemptAt : null,
    sentAt: message.sentAt,
    inReplyTo: message.repliesTo,
  });

  app.get(
    '/api/admin/messages',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['messages'],
        summary: 'SMS and email sent (or waiting to be sent) to users, newest first, a page at a time',
        querystring: sentMessagesQuerySchema,
        response: { 200: sentMessagesPageSchema, 400: errorResponse },
      },
    },
    async (request) => {
      const { before, limit } = request.query;
      const page = await messages.page({ before: before ?? null, limit });
      const last = page.messages.at(-1);
      return {
        messages: page.messages.map(shown),
        total: page.total,
        nextBefore: page.hasMore && last ? last.id : null,
      };
    },
  );
};
