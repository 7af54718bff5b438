import { listingsAnswer } from '#domain/api/marketplace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { listingRepository } from '../repositories/listing-repository';

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
        response: { 200: listingsAnswer },
      },
    },
    async () => ({ listings: await listings.all(now()) }),
  );
};
