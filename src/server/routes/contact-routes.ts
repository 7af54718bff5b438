import { contactMessageSchema } from '#domain/contact/contact-message';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { contactRepository } from '../repositories/contact-repository';

const bodySchema = contactMessageSchema.extend({
  // Client-generated so that a message re-sent from a device's outbox is stored once.
  id: z.uuid({ message: 'id must be a UUID' }).optional(),
});

export const contactRoutes: FastifyPluginAsyncZod<{ db: Database; newId: () => string }> = async (
  app,
  { db, newId },
) => {
  const contacts = contactRepository(db);
  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Send a message to the Nambala team',
        body: bodySchema,
        response: {
          201: z.object({ id: z.string(), created: z.boolean() }),
          200: z.object({ id: z.string(), created: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      const { id = newId(), ...message } = request.body;
      const { created } = await contacts.save(id, message);
      request.log.info({ contactId: id, created }, 'contact message received');
      return reply.code(created ? 201 : 200).send({ id, created });
    },
  );
};
