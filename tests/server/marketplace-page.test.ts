/**
 * /marketplace is served with the plates on sale in its first paint (decision 073): the
 * public listings, exactly GET /api/listings's answer, drawn into the page and written
 * after its root as JSON, read from the database when served, and nothing in a listing's
 * text can become markup or script.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_DIALOG_TEMPLATE, PAGE_LISTINGS_ID, ROOT_END } from '../../src/domain/marketplace/served-page';
import { kwacha } from '../../src/domain/money/money';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { fillTemplate, jsonForScript } from '../../src/server/plugins/marketplace-page';
import { listingRepository } from '../../src/server/repositories/listing-repository';
import { purchaseRepository } from '../../src/server/repositories/purchase-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import * as pageRenderer from '../../src/app/prerender/entry-server';
import { openTestDatabase } from './test-app';

const HOSTILE = '</script><img src=x onerror=alert(1)><!--';
const TEMPLATE =
  '<!doctype html><html><head><title>License Plate Marketplace — Nambala</title>' +
  '<style data-emotion="css-global built" data-s="">.global-built{color:red}</style>' +
  '<style data-emotion-prerendered="css built" data-s="">.css-built{color:red}</style></head><body>' +
  '<div id="root" data-prerendered="/marketplace" data-scripts="/assets/a.js"><p>Loading plates…</p></div>' +
  `${ROOT_END}<script type="module" src="/assets/main.js"></script></body></html>`;

/** The JSON the page carries, as the app reads it. */
function pageListingsOf(html: string): { listings: Array<Record<string, unknown>> } {
  const match = new RegExp(`<script type="application/json" id="${PAGE_LISTINGS_ID}">([^<]*)</script>`).exec(html);
  expect(match, 'the page carries its listings').not.toBeNull();
  return JSON.parse(match?.[1] ?? '') as { listings: Array<Record<string, unknown>> };
}

/** The card a plate number is drawn in: from its number to the next card. */
function cardOf(html: string, number: string): string {
  const start = html.indexOf(`>${number}<`);
  expect(start, `${number} is drawn`).toBeGreaterThan(-1);
  const next = html.indexOf('<li', start);
  return html.slice(start, next < 0 ? undefined : next);
}

describe('/marketplace served with its listings', () => {
  let app: FastifyInstance;
  let db: Database;
  let appDir: string;
  beforeAll(async () => {
    appDir = await mkdtemp(path.join(tmpdir(), 'nambala-marketplace-'));
    await writeFile(path.join(appDir, 'index.html'), TEMPLATE.replace('/marketplace', '/'));
    await writeFile(path.join(appDir, 'marketplace.html'), TEMPLATE);
    db = await openTestDatabase();
    const config = loadConfig(
      {},
      { dataDir: 'memory://', seedDemo: true, appDir, logLevel: 'silent', demoRegistryPlates: 300 },
    );
    app = await buildApp({ config, db, logger: false, pageRenderer });
    await listingRepository(db).insertMany([
      {
        id: 'PL-HOSTILE',
        number: 'ZM-999-XSS',
        price: kwacha(1234),
        type: 'Personalized',
        status: 'Available',
        featured: false,
        description: HOSTILE,
      },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await rm(appDir, { recursive: true, force: true });
  });

  it('draws the plates on sale in the page, with exactly the public answer of GET /api/listings after its root', async () => {
    const page = await app.inject({ method: 'GET', url: '/marketplace' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = (await app.inject({ method: 'GET', url: '/api/listings' })).json<{ listings: unknown[] }>();
    expect(pageListingsOf(page.body)).toEqual(api);
    // Drawn, not only carried: the cards of the first page, with the counts the app shows.
    const text = page.body.replaceAll('<!-- -->', '');
    expect(text.includes('>ZM-708-SOL<'), 'the cheapest plate is drawn first').toBe(true);
    expect(text.includes(`Showing ${api.listings.length} of ${api.listings.length} plates`)).toBe(true);
    expect(text.includes('Loading plates…')).toBe(false);
    // The run-time styles are this rendering's, not the built page's; the page's own frame is kept.
    expect(page.body.includes('css-built')).toBe(false);
    expect(page.body.includes('global-built')).toBe(false);
    expect(page.body.includes('data-scripts="/assets/a.js"')).toBe(true);
    expect(page.body.includes('<script type="module" src="/assets/main.js"></script>')).toBe(true);
    // No owner data: only the public fields.
    for (const listing of pageListingsOf(page.body).listings)
      expect(Object.keys(listing).sort()).toEqual(
        ['description', 'featured', 'id', 'number', 'price', 'reservedUntil', 'status', 'type'].sort(),
      );
    expect(page.body).not.toMatch(/sold_to|buyerId|reservedBy|@nambala\.zm/);
  });

  it('carries a plate’s dialog as templates after its root, and their styles in its head (decision 076)', async () => {
    const page = (await app.inject({ method: 'GET', url: '/marketplace' })).body;
    const rootEnd = page.indexOf(`<script type="application/json" id="${PAGE_LISTINGS_ID}">`);
    const templates = [...page.matchAll(new RegExp(`<template ${LISTING_DIALOG_TEMPLATE}="(\\w+)">`, 'g'))];
    expect(templates.map((match) => match[1]).sort()).toEqual(['featured', 'plain']);
    for (const match of templates) expect(match.index).toBeLessThan(rootEnd);
    expect(page).toContain('dialog[data-early-listing-dialog]::backdrop');
    // Every class the dialog draws with has its rules in the head: the copy is drawn styled.
    const head = page.slice(0, page.indexOf('</head>'));
    const classes = new Set(
      [...page.slice(page.indexOf('<template'), rootEnd).matchAll(/class="([^"]*)"/g)].flatMap((match) =>
        (match[1] ?? '').split(' ').filter((name) => name.startsWith('css-')),
      ),
    );
    expect(classes.size).toBeGreaterThan(10);
    for (const name of classes) expect(head, name).toContain(`.${name}`);
  });

  it('keeps a listing’s text text: it cannot close the data element or add markup', async () => {
    const page = await app.inject({ method: 'GET', url: '/marketplace?q=ZM-999-XSS' });
    expect(page.body.includes(HOSTILE)).toBe(false);
    expect(page.body.includes('<img src=x')).toBe(false);
    // One data element, closed where the server closed it, and the text reads back as it was.
    expect(page.body.split('</script>').length).toBe(3);
    expect(pageListingsOf(page.body).listings.find((listing) => listing.id === 'PL-HOSTILE')?.description).toBe(
      HOSTILE,
    );
    // Drawn as escaped text in its card (the address's search shows it first).
    expect(page.body.includes('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!--')).toBe(true);
  });

  it('serves a plate sold a moment ago as sold, not on offer', async () => {
    const before = await app.inject({ method: 'GET', url: '/marketplace' });
    expect(cardOf(before.body, 'ZM-708-SOL')).toContain('View Details');
    const vip = pageListingsOf(before.body).listings.find((listing) => listing.number === 'ZM-708-SOL');
    const buyer = await userRepository(db).findCredentials('buyer@nambala.zm');
    await purchaseRepository(db).sell(String(vip?.id), { buyerId: buyer?.user.id ?? '', at: new Date() });
    const after = await app.inject({ method: 'GET', url: '/marketplace' });
    expect(pageListingsOf(after.body).listings.find((listing) => listing.number === 'ZM-708-SOL')?.status).toBe('Sold');
    expect(cardOf(after.body, 'ZM-708-SOL')).not.toContain('View Details');
  });

  it('writes JSON no listing text can end early, and refuses a template without its root’s end', () => {
    expect(jsonForScript({ text: '</script><!-- & \u2028' })).toBe(
      '{"text":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}',
    );
    expect(
      fillTemplate('<html><head></head><div id="root"></div></html>', { html: '', head: '', afterRoot: '' }, '{}'),
    ).toBeNull();
  });
});
