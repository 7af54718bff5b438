/** The prerenderer's page list agrees with the route table, and each page's scripts are read off the build manifest. */
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import {
  type BuildManifest,
  EARLY_VERDICT_MODULE,
  PRERENDERED_PAGES,
  pageScripts,
  scriptsOf,
  startModules,
} from '../../../src/app/prerender/prerendered-pages';
import type { PageHandle } from '../../../src/app/routing/lazy-page';
import { loadPage } from '../../../src/app/routing/lazy-page';
import { routes } from '../../../src/app/routes';

describe('prerendered pages', () => {
  it.each(PRERENDERED_PAGES.map((page) => [page.path, page.module]))(
    '%s is rendered by a component of %s',
    async (path, module) => {
      const matches = matchRoutes(routes, path) ?? [];
      const handle = matches.at(-1)?.route.handle as PageHandle | undefined;
      expect(handle, `the route for ${path} shows a lazy page`).toBeDefined();
      const Component = await loadPage(handle!.page);
      const exports = (await import(/* @vite-ignore */ `../../../${module}`)) as Record<string, unknown>;
      expect(Object.values(exports)).toContain(Component);
    },
  );
});

describe('scripts of a module in the build manifest', () => {
  const manifest: BuildManifest = {
    'src/app/start.tsx': { file: 'assets/start-1.js', imports: ['_stack.js', '_react.js'] },
    '_stack.js': { file: 'assets/stack-2.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-3.js' },
    'src/app/features/home/home-page.tsx': { file: 'assets/home-page-4.js', imports: ['_stack.js', '_card.js'] },
    '_card.js': { file: 'assets/card-5.js', imports: ['_style.css'] },
    '_style.css': { file: 'assets/style-6.css' },
  };

  it('lists a module’s own script and every static import’s, each once', () => {
    expect(scriptsOf(manifest, ['src/app/start.tsx'])).toEqual([
      'assets/start-1.js',
      'assets/stack-2.js',
      'assets/react-3.js',
    ]);
    expect(scriptsOf(manifest, ['src/app/start.tsx', 'src/app/features/home/home-page.tsx'])).toEqual([
      'assets/start-1.js',
      'assets/stack-2.js',
      'assets/react-3.js',
      'assets/home-page-4.js',
      'assets/card-5.js',
    ]);
  });

  it('lists the start’s stages, which it imports one task after another, after the start itself and in its order', () => {
    const staged: BuildManifest = {
      'src/app/start.tsx': {
        file: 'assets/start-1.js',
        dynamicImports: ['src/app/react-client.ts', 'src/app/mount.tsx'],
      },
      'src/app/react-client.ts': { file: 'assets/react-client-7.js', imports: ['_react.js'] },
      'src/app/mount.tsx': { file: 'assets/mount-8.js', imports: ['_stack.js', '_react.js'] },
      '_stack.js': { file: 'assets/stack-2.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-3.js' },
    };
    expect(startModules(staged)).toEqual(['src/app/start.tsx', 'src/app/react-client.ts', 'src/app/mount.tsx']);
    expect(scriptsOf(staged, startModules(staged))).toEqual([
      'assets/start-1.js',
      'assets/react-client-7.js',
      'assets/react-3.js',
      'assets/mount-8.js',
      'assets/stack-2.js',
    ]);
  });

  it('fails the build for a module the manifest does not know', () => {
    expect(() => scriptsOf(manifest, ['src/app/features/gone.tsx'])).toThrow(
      'src/app/features/gone.tsx is not in the build manifest',
    );
  });

  it('lists a page’s scripts after the start’s; on a page that draws early verdicts, what the drawing imports first', () => {
    const verification: BuildManifest = {
      'src/app/start.tsx': { file: 'assets/start-1.js', dynamicImports: ['src/app/mount.tsx'] },
      'src/app/mount.tsx': { file: 'assets/mount-8.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-3.js' },
      'src/app/features/verification/verification-page.tsx': {
        file: 'assets/page-4.js',
        imports: ['_react.js', '_format.js', '_panel.js'],
      },
      '_panel.js': { file: 'assets/panel-5.js', imports: ['_format.js'] },
      '_format.js': { file: 'assets/format-6.js' },
      [EARLY_VERDICT_MODULE]: { file: 'assets/early-verdict-7.js', imports: ['_format.js'] },
    };
    const page = 'src/app/features/verification/verification-page.tsx';
    const inOrder = [
      'assets/start-1.js',
      'assets/mount-8.js',
      'assets/react-3.js',
      'assets/page-4.js',
      'assets/format-6.js',
      'assets/panel-5.js',
    ];
    expect(pageScripts(verification, page, { drawsEarlyVerdicts: false })).toEqual(inOrder);
    // The drawing's own script is fetched when Enter is pressed: only what the page needs anyway moves.
    expect(pageScripts(verification, page, { drawsEarlyVerdicts: true })).toEqual([
      'assets/format-6.js',
      ...inOrder.filter((file) => file !== 'assets/format-6.js'),
    ]);
  });
});
