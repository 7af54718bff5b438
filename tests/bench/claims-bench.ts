/**
 * Claims figures for `npm run bench` (`--claims-only` runs only these), in headless
 * Chromium against the real server (in this process, embedded database, demo data, on
 * loopback port BENCH_CLAIMS_PORT, default 8480). The product's own modules
 * (claims-bench-page.ts: the photo resize, the device store, the outbox push, the photo
 * uploader) are bundled by Vite into one script and run in a page of the server's origin,
 * signed in as the demo insurance agent.
 *
 * - Photo resize and store on the device: BENCH_CLAIM_PHOTOS (default 10) camera photos
 *   (4000 × 3000 JPEG) each resized to ≤ 1600 px and ≤ 1 MB and kept in IndexedDB, in ms per
 *   photo. Reference: a plain IndexedDB put of the same resized bytes, no library.
 * - A 20-photo claim made offline, then synced after reconnecting: the outbox pushed and
 *   every photo uploaded, in seconds; photo bytes sent against bytes stored on the server
 *   (equal when nothing is sent twice). Reference: reading the same 20 photos back.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build, type Rollup } from 'vite';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite } from '../../src/server/db/database';
import type * as BenchPage from './claims-bench-page';
import { figureLine, median, ms, type Print } from './figures';

export interface ClaimsBenchOptions {
  root: string;
  chromiumPath: string;
  chromiumArgs: string[];
}

const PHOTOS = Number(process.env.BENCH_CLAIM_PHOTOS ?? 10);
const CLAIM_PHOTOS = 20;
const PORT = Number(process.env.BENCH_CLAIMS_PORT ?? 8480);
const GLOBAL_NAME = 'NambalaClaimsBench';
const KiB = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

async function bundlePageCode(root: string): Promise<string> {
  await mkdir(path.join(root, '.bench'), { recursive: true });
  const folder = await mkdtemp(path.join(root, '.bench', 'claims-'));
  try {
    const entry = path.join(folder, 'entry.ts');
    await writeFile(entry, `export * from '${path.join(root, 'tests/bench/claims-bench-page.ts')}';\n`);
    const result = await build({
      configFile: false,
      root,
      logLevel: 'silent',
      build: {
        write: false,
        target: 'es2022',
        minify: true,
        lib: { entry, formats: ['iife'], name: GLOBAL_NAME, fileName: () => 'claims-bench.js' },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    const chunk = outputs
      .flatMap((output) => output.output)
      .find((item): item is Rollup.OutputChunk => item.type === 'chunk');
    if (!chunk) throw new Error('the claims bundle has no script');
    return chunk.code;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

type Bench = typeof BenchPage;

export async function claimsFigures(print: Print, options: ClaimsBenchOptions): Promise<void> {
  print('');
  print(
    `Claims on the device, headless Chromium against the server on loopback (${PHOTOS} camera photos resized; a ${CLAIM_PHOTOS}-photo claim made offline)`,
  );
  const code = await bundlePageCode(options.root);
  const db = await openPglite('memory://');
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      seedDemo: true,
      appDir: '/nonexistent',
      logLevel: 'silent',
      authRateLimit: 0,
      demoRegistryPlates: 300,
      publicVerdictCacheMs: 0,
    },
  );
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${PORT}`;
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: options.chromiumArgs });
  try {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    // A blank page of the server's origin, so the bundled code's requests carry the session cookie.
    await page.route(`${origin}/claims-bench`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>claims bench</title>' }),
    );
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'insurer@nambala.zm', password: 'Insurer#2026' },
    });
    if (login.status() !== 200) throw new Error(`the demo insurance agent could not sign in (${login.status()})`);
    await page.goto(`${origin}/claims-bench`);
    await page.addScriptTag({ content: code });
    const call = <Name extends keyof Bench>(
      name: Name,
      ...args: Parameters<Bench[Name]>
    ): Promise<Awaited<ReturnType<Bench[Name]>>> =>
      page.evaluate(
        ({ name, args, globalName }) => {
          const bench = (window as unknown as Record<string, Record<string, (...values: unknown[]) => unknown>>)[
            globalName
          ];
          const fn = bench?.[name];
          if (!fn) throw new Error(`the claims script has no ${name}`);
          return fn(...args);
        },
        { name, args, globalName: GLOBAL_NAME },
      ) as Promise<Awaited<ReturnType<Bench[Name]>>>;

    const resize = await call('resizeFigures', PHOTOS);
    const perPhoto = resize.resizeMs.map((value, index) => value + (resize.storeMs[index] ?? 0));
    print(
      figureLine(
        'photo resize + store, median per photo',
        ms(median(perPhoto)),
        null,
        `worst ${ms(Math.max(...perPhoto))}; ${KiB(median(resize.inputBytes))} camera JPEG → ${KiB(median(resize.outputBytes))}`,
      ),
    );
    print(
      figureLine(
        '  of which resize (decode, draw, encode, hash)',
        ms(median(resize.resizeMs)),
        null,
        `worst ${ms(Math.max(...resize.resizeMs))}`,
      ),
    );
    print(
      figureLine(
        '  of which store (Dexie, claimPhotoFiles)',
        ms(median(resize.storeMs)),
        null,
        `worst ${ms(Math.max(...resize.storeMs))}`,
      ),
    );
    print(
      figureLine(
        '  reference: plain IndexedDB put, same bytes',
        ms(median(resize.referencePutMs)),
        null,
        `worst ${ms(Math.max(...resize.referencePutMs))}`,
      ),
    );

    const policies = await call('pullAgentData');
    if (policies === 0) throw new Error('the demo insurance agent has no policies on the device');
    await context.setOffline(true);
    const made = await call('makeOfflineClaim', CLAIM_PHOTOS, 'ZM-123-ABC');
    await context.setOffline(false);
    const synced = await call('syncAfterReconnect', made.claimId);
    const [stored] = await db.query<{ n: number; bytes: number; complete: number }>(
      'SELECT count(*)::int AS n, coalesce(sum(length(content)), 0)::int AS bytes, count(completed_at)::int AS complete FROM insurance_claim_photos WHERE claim_id = $1',
      [made.claimId],
    );
    print(
      figureLine(
        `${CLAIM_PHOTOS}-photo offline claim, synced after reconnect`,
        `${(synced.syncMs / 1000).toFixed(2)} s`,
        null,
        `${synced.uploaded} uploaded, ${synced.waiting} waiting; server holds ${stored?.complete ?? 0} complete of ${stored?.n ?? 0}`,
      ),
    );
    print(
      figureLine(
        '  photo bytes sent / stored on the server',
        `${KiB(synced.bytesSent)}`,
        { text: 'sent = stored', pass: synced.bytesSent === (stored?.bytes ?? -1) },
        `stored ${KiB(stored?.bytes ?? 0)} (${made.photoBytes} bytes taken on the device)`,
      ),
    );
    print(
      figureLine(
        '  reference: the same photos read back',
        `${(synced.readBackMs / 1000).toFixed(2)} s`,
        null,
        KiB(synced.readBackBytes),
      ),
    );
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}
