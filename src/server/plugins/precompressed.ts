/**
 * The built app's files compressed once, at build time, beside each file (app.js.br and
 * app.js.gz), and sent as they are (@fastify/static's preCompressed): a browser that accepts
 * Brotli gets the smallest copy the slowest setting makes (15% smaller than what compression
 * on the fly at a speed fit for each request makes), and the server compresses nothing per
 * request. Every new browser installing the app fetches about 280 files (4.8 MB) for its
 * service worker's cache.
 *
 * The build writes them (`npm run build` runs src/server/precompress-cli.ts last): a file
 * changed after that needs its copies written again, which is why a new build replaces the
 * folder as a whole (README, decision 082).
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed in their own formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|webmanifest|svg|txt|xml|map)$/;
/** The copies, by the encoding a browser asks for. */
const COMPRESSED_COPIES = { br: '.br', gzip: '.gz' } as const;

export interface Precompressed {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes a Brotli and a gzip copy beside every text file under `dir` (copies from before are
 * replaced; a file whose copy would not be smaller gets none). Runs on every core libuv has.
 */
export async function precompress(dir: string): Promise<Precompressed> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const totals: Precompressed = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [copy, suffix] of [
        [br, COMPRESSED_COPIES.br],
        [gz, COMPRESSED_COPIES.gzip],
      ] as const) {
        if (copy.length < content.length) await writeFile(`${file}${suffix}`, copy);
        else await rm(`${file}${suffix}`, { force: true });
      }
      totals.files += 1;
      totals.bytes += content.length;
      totals.brotliBytes += Math.min(br.length, content.length);
      totals.gzipBytes += Math.min(gz.length, content.length);
    }),
  );
  return totals;
}

/**
 * Whether the copies under `dir` can be sent: 'fresh' when every copy is as new as its file,
 * 'stale' when a file was changed after its copies were written, 'none' when there are none
 * (a build from before they were made).
 */
export async function compressedCopiesOf(dir: string): Promise<'fresh' | 'stale' | 'none'> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = new Set(
    entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const suffixes = Object.values(COMPRESSED_COPIES);
  let copies = 0;
  for (const name of names) {
    const suffix = suffixes.find((ending) => name.endsWith(ending));
    const original = suffix ? name.slice(0, -suffix.length) : undefined;
    if (!original || !names.has(original)) continue;
    copies += 1;
    const [copy, file] = await Promise.all([stat(name), stat(original)]);
    if (copy.mtimeMs < file.mtimeMs) return 'stale';
  }
  return copies > 0 ? 'fresh' : 'none';
}
