import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';
import { buildTestApp } from './test-app';

describe('GET /api/listings', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('returns the seeded demo listings with prices in ngwee', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/listings' });
    expect(response.statusCode).toBe(200);
    const { listings } = response.json();
    expect(listings).toHaveLength(DEMO_LISTINGS.length);
    const vip = listings.find((listing: { number: string }) => listing.number === 'ZM-777-VIP');
    expect(vip).toMatchObject({ price: 550_000, type: 'Premium', status: 'Available', featured: true });
  });
});
