/**
 * A one-module entry bundled by Vite as the app's browser build bundles it, with the build
 * steps under test: the entry chunk's code, for the tests of src/build/.
 */
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

export async function builtEntry(source: string, plugins: Plugin[], { minify }: { minify: boolean }): Promise<string> {
  const entryId = '\0built-entry';
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      ...plugins,
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? entryId : null),
        load: (id) => (id === entryId ? source : null),
      },
    ],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify,
      rollupOptions: { input: 'entry', preserveEntrySignatures: 'strict', output: { format: 'es' } },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  const chunk = output.output.find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry);
  if (!chunk) throw new Error('the build wrote no entry chunk');
  return chunk.code;
}

/** The built code loaded as a module. */
export function loaded<Module>(code: string): Promise<Module> {
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`) as Promise<Module>;
}
