import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { listingRepository } from '../repositories/listing-repository';

const listingSchema = z.object({
  id: z.string(),
  number: z.string(),
  price: z.number().int().describe('Price in ngwee (1 K = 100 ngwee)'),
  type: z.string(),
  status: z.string(),
  featured: z.boolean(),
  description: z.string(),
});

export const listingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const listings = listingRepository(db);
  app.get(
    '/api/listings',
    { config: { access: 'public' }, schema: { tags: ['public'], summary: 'Plates listed in the marketplace', response: { 200: z.object({ listings: z.array(listingSchema) }) } } },
    async () => ({ listings: await listings.all() }),
  );
};
