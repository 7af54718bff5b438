/**
 * The build's last step (`npm run build`): a Brotli and a gzip copy of each of the built app's
 * text files, beside it, which the server sends as they are (plugins/precompressed.ts).
 * `tsx src/server/precompress-cli.ts [folder]`, the folder `dist` unless named.
 */
import path from 'node:path';
import { precompress } from './plugins/precompressed';

const dir = path.resolve(process.argv[2] ?? 'dist');
const started = performance.now();
const done = await precompress(dir);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
process.stdout.write(
  `compressed ${done.files} files in ${path.relative(process.cwd(), dir) || '.'}: ${kib(done.bytes)} → ${kib(done.brotliBytes)} Brotli, ${kib(done.gzipBytes)} gzip (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
);
