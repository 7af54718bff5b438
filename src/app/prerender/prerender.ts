/**
 * Build step after `vite build`: writes each public page as static HTML into dist/,
 * so the first paint comes from HTML and CSS while the JavaScript loads.
 * dist/app-shell.html keeps the empty shell for every other path (dashboards,
 * unknown paths), which the server and the service worker fall back to.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as EntryServer from './entry-server';
import { VERDICT_TEMPLATE } from '../plate-check/early-verdict-slot';
// Where the root and what follows it end: the server fills /marketplace's root when it serves it (decision 073).
import { ROOT_END } from '#domain/marketplace/served-page';
import {
  type BuildManifest,
  PRERENDERED_PAGES,
  pageScripts,
  prerenderedFileOf,
  scriptsOf,
  startModules,
} from './prerendered-pages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(root, 'dist');

const { renderPage, routePatterns, staticStyleSheet } = (await import(
  pathToFileURL(path.join(root, '.ssr-build', 'entry-server.js')).href
)) as typeof EntryServer;

const shellPath = path.join(dist, 'app-shell.html');
// The first run copies Vite's index.html; a rerun must not copy a prerendered page over the shell.
const indexHtml = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!indexHtml.includes('data-prerendered')) await copyFile(path.join(dist, 'index.html'), shellPath);
// A rerun finds the shell with the scripts and styles it wrote last time: taken off again.
const unfilledShell = (await readFile(shellPath, 'utf8'))
  .replace(/<div id="root" data-scripts="[^"]*"><\/div>/, '<div id="root"></div>')
  .replace(/<style data-static-styles="">.*?<\/style>/s, '');
if (!unfilledShell.includes('<div id="root"></div>')) throw new Error('app-shell.html has no empty #root to fill');
if (!unfilledShell.includes('</head>')) throw new Error('app-shell.html has no </head> for the page styles');
// What is styled at build time (decision 039), in every page and the shell.
const shell = unfilledShell.replace('</head>', () => `${staticStyleSheet()}</head>`);

const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
// The app's own scripts: main.tsx fetches them first, then the page's, and Vite's loader finds them asked for.
const startScripts = new Set(scriptsOf(manifest, startModules(manifest)));

// The shell (dashboards, any path not prerendered) lists the start's scripts too: its stages
// are imported one after another (start.tsx), and unlisted each would be fetched only when
// the one before had run.
const startScriptList = [...startScripts].map((file) => `/${file}`).join(' ');
await writeFile(
  shellPath,
  shell.replace('<div id="root"></div>', () => `<div id="root" data-scripts="${startScriptList}"></div>`),
);

for (const page of PRERENDERED_PAGES) {
  const { html, head, afterRoot, isStyledAtBuild } = await renderPage(page.path);
  // The app's and the page's scripts are fetched by main.tsx after the first paint, not
  // announced in the head: there they would compete with the rest of the HTML for a slow line.
  const scripts = pageScripts(manifest, page.module, { drawsEarlyVerdicts: afterRoot.includes(VERDICT_TEMPLATE) }).map(
    (file) => `/${file}`,
  );
  const document = shell
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-prerendered="${page.path}"${isStyledAtBuild ? ' data-styled-at-build=""' : ''} data-scripts="${scripts.join(' ')}">${html}</div>${afterRoot}${ROOT_END}`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`);
  await writeFile(path.join(dist, prerenderedFileOf(page.path)), document);
  process.stdout.write(`prerendered ${page.path} (${(Buffer.byteLength(document) / 1024).toFixed(1)} KiB)\n`);
}

// The paths the app has a page for: the server answers any other path 404 (src/server/plugins/app-routes.ts).
const patterns = [...new Set(routePatterns())].sort();
await writeFile(path.join(dist, 'routes.json'), `${JSON.stringify(patterns, null, 1)}\n`);
process.stdout.write(`wrote routes.json (${patterns.length} paths)\n`);
