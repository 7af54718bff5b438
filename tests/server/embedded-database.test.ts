/** The embedded default: created in a folder that does not exist yet, seeded once, kept across restarts. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';

describe('embedded database on disk', () => {
  let base: string | undefined;
  afterAll(async () => {
    if (base) await rm(base, { recursive: true, force: true });
  });

  it('creates missing folders, seeds demo data once and keeps data across restarts', async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'nambala-db-'));
    const config = loadConfig(
      {},
      {
        dataDir: path.join(base, 'data', 'nambala-db'),
        appDir: '/nonexistent',
        logLevel: 'silent',
        demoRegistryPlates: 300,
      },
    );
    expect(config.seedDemo).toBe(true);

    const first = await buildApp({ config, logger: false });
    const sent = await first.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@b.zm', subject: 's', message: 'm' },
    });
    expect(sent.statusCode).toBe(201);
    await first.close();

    const second = await buildApp({ config, logger: false });
    try {
      const listings = (await second.inject({ method: 'GET', url: '/api/listings' })).json();
      expect(listings.listings).toHaveLength(DEMO_LISTINGS.length);
      const again = await second.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { id: sent.json().id, name: 'A', email: 'a@b.zm', subject: 's', message: 'm' },
      });
      expect(again.json()).toEqual({ id: sent.json().id, created: false });
    } finally {
      await second.close();
    }
  }, 60_000);
});
