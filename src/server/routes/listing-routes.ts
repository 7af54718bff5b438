import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { listingRepository } from '../repositories/listing-repository';

const listingSchema = z.object({
  id: z.string(),
  number: z.string(),
  price: z.number().int().describe('Price in ngwee (1 K = 100 ngwee)'),
  type: z.string(),
  status: z
    .string()
    .describe(
      'Effective status now: a lapsed reservation is Available; a plate held for a pending payment is Reserved',
    ),
  featured: z.boolean(),
  description: z.string(),
  reservedUntil: z
    .string()
    .nullable()
    .describe('While Reserved: the instant it ends, if known (the device derives the status from it offline)'),
});

/** `now` is an option so tests can move the clock; the server uses the real time. */
export const listingRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  const listings = listingRepository(db);
  app.get(
    '/api/listings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Plates listed in the marketplace',
        response: { 200: z.object({ listings: z.array(listingSchema) }) },
      },
    },
    async () => ({ listings: await listings.all(now()) }),
  );
};
