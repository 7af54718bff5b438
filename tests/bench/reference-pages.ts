/**
 * The pages the first-load and interaction figures are printed beside, measured in the same
 * run with the same settings, so that a busy machine shows as a busy machine:
 * - two floor pages (tests/bench/floor): the same heading, paragraph, buttons, field and
 *   12 cards in plain React and in Chakra UI v3 with its default system, built with Vite's
 *   JavaScript API into a temporary folder and prerendered in this process, then painted
 *   and hydrated as the app's public pages are (docs/performance.md, "The floor");
 * - a copy of the built /verification page with its scripts taken out (the first paint of
 *   the same HTML and styles, which no script can beat);
 * - a plain <input> in a form, and a button that opens a native <dialog>.
 * A small static server on loopback serves them, compressing as the app's server does
 * (@fastify/compress: brotli at quality 4 above 1 KiB), and serves dist/ behind them for
 * the copy's icons.
 */
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { FLOOR_HEADING } from './floor/floor-content';
import { renderChakraFloorPage, renderPlainFloorPage, type RenderedFloorPage } from './floor/render-floor-pages';

const FLOOR_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor');

export const REFERENCE_PATHS = {
  plainFloor: '/plain/',
  chakraFloor: '/chakra/',
  staticVerification: '/static/verification.html',
  input: '/input.html',
  dialog: '/dialog.html',
} as const;

export interface ReferencePages {
  origin: string;
  /** gzip KiB of each floor page's JavaScript (all of it: the start script and the page). */
  floorKiB: { plain: number; chakra: number };
  close: () => Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Builds one floor page's scripts with Vite into `outDir/name`; answers the entry's URL and the gzip KiB of every script. */
async function buildFloorScripts(name: 'plain' | 'chakra', outDir: string): Promise<{ entry: string; kib: number }> {
  const input = `${name}-floor-start.ts`;
  const out = path.join(outDir, name);
  await build({
    configFile: false,
    root: FLOOR_DIR,
    base: `/${name}/`,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: out,
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      rollupOptions: { input: path.join(FLOOR_DIR, input) },
    },
  });
  const manifest = JSON.parse(await readFile(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[input]?.file;
  if (!entry) throw new Error(`the ${name} floor page's build has no entry for ${input}`);
  let bytes = 0;
  for (const { file } of Object.values(manifest))
    bytes += gzipSync(await readFile(path.join(out, file)), { level: 9 }).length;
  return { entry: `/${name}/${entry}`, kib: bytes / 1024 };
}

function floorDocument(title: string, script: string, page: RenderedFloorPage): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
    <script type="module" crossorigin src="${script}"></script>
    ${page.head}
  </head>
  <body>
    <div id="root">${page.html}</div>
  </body>
</html>
`;
}

const INPUT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><link rel="icon" href="data:," /><title>A plain input</title></head>
  <body>
    <form onsubmit="event.preventDefault()"><label for="plate">Plate Number</label> <input id="plate" placeholder="ZM-001-ABC" autocomplete="off" /></form>
  </body>
</html>
`;

const DIALOG_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><link rel="icon" href="data:," /><title>A plain dialog</title></head>
  <body>
    <ul><li><p>ZM-101-ABC</p><button type="button" id="open" aria-haspopup="dialog" aria-label="View Details of ZM-101-ABC">View Details</button></li></ul>
    <dialog id="details"><h2>Plate ZM-101-ABC</h2><p>Standard plate, available to reserve today.</p><button type="button">Close</button></dialog>
    <script>document.getElementById('open').addEventListener('click', () => document.getElementById('details').showModal());</script>
  </body>
</html>
`;

/** The built page with its scripts taken out: what it paints with no JavaScript. */
function withoutScripts(html: string): string {
  return html.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/** Builds and writes the reference pages into a temporary folder and serves them on loopback at `port`. */
export async function startReferencePages({ root, port }: { root: string; port: number }): Promise<ReferencePages> {
  const folder = await mkdtemp(path.join(tmpdir(), 'nambala-bench-reference-'));
  try {
    const plain = await buildFloorScripts('plain', folder);
    const chakra = await buildFloorScripts('chakra', folder);
    await writeFile(
      path.join(folder, 'plain', 'index.html'),
      floorDocument(`${FLOOR_HEADING} — plain React`, plain.entry, renderPlainFloorPage()),
    );
    await writeFile(
      path.join(folder, 'chakra', 'index.html'),
      floorDocument(`${FLOOR_HEADING} — Chakra UI`, chakra.entry, renderChakraFloorPage()),
    );
    await mkdir(path.join(folder, 'static'));
    await writeFile(
      path.join(folder, 'static', 'verification.html'),
      withoutScripts(await readFile(path.join(root, 'dist', 'verification.html'), 'utf8')),
    );
    await writeFile(path.join(folder, 'input.html'), INPUT_PAGE);
    await writeFile(path.join(folder, 'dialog.html'), DIALOG_PAGE);

    const dist = path.join(root, 'dist');
    const server = createServer((request, response) => {
      void (async () => {
        const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://loopback').pathname);
        // Normalised from the root: no path leaves the folders served.
        const relative = path.normalize(pathname.endsWith('/') ? `${pathname}index.html` : pathname);
        let body: Buffer | null = null;
        for (const base of [folder, dist]) {
          body = await readFile(path.join(base, relative)).catch(() => null);
          if (body) break;
        }
        if (!body) {
          response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
          return;
        }
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const headers: Record<string, string> = {
          'Content-Type': CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream',
          'Cache-Control': relative.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        };
        if (body.length >= 1024 && accepts.includes('br')) {
          body = brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
          });
          headers['Content-Encoding'] = 'br';
        } else if (body.length >= 1024 && accepts.includes('gzip')) {
          body = gzipSync(body);
          headers['Content-Encoding'] = 'gzip';
        }
        response.writeHead(200, headers).end(body);
      })();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    return {
      origin: `http://127.0.0.1:${port}`,
      floorKiB: { plain: plain.kib, chakra: chakra.kib },
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
