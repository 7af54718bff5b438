/**
 * Pages whose first view is styled at build time (decision 039) draw it without a style made
 * at run time: the prerendered markup carries no Emotion class, so hydrating it makes none,
 * and the design system is not needed to show it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../src/app/app';
import { AppRoutes, loadPagesForPath } from '../../../src/app/routes';

async function classesMadeAtRunTime(pathname: string): Promise<string[]> {
  await loadPagesForPath(pathname);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </CacheProvider>,
  );
  expect(html).toContain('</main>');
  return [...new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]?.split(/\s+/) ?? []))].filter(
    (name) => name.startsWith('css-'),
  );
}

describe('first views styled at build time', () => {
  it.each(['/verification', '/marketplace'])('%s draws without a style made at run time', async (pathname) => {
    expect(await classesMadeAtRunTime(pathname)).toEqual([]);
  });

  it('a page still styled at run time is seen as such', async () => {
    expect((await classesMadeAtRunTime('/pricing')).length).toBeGreaterThan(0);
  });
});
