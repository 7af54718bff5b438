/** Lazy pages: one load per page, a failed load tried again, and the matching pages loaded before a render. */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import {
  forgetFailedLoads,
  lazyPage,
  loadPage,
  loadPagesFor,
  type PageHandle,
} from '../../../src/app/routing/lazy-page';

const Home = () => null;
const Settings = () => null;

describe('lazy pages', () => {
  it('loads a page once, and keeps its component for renders that must not wait', async () => {
    let loads = 0;
    const page = lazyPage(async () => {
      loads += 1;
      return { HomePage: Home };
    }, 'HomePage');
    expect(page.Component).toBeUndefined();
    const [first, second] = await Promise.all([loadPage(page), loadPage(page)]);
    expect(first).toBe(Home);
    expect(second).toBe(Home);
    expect(await loadPage(page)).toBe(Home);
    expect(page.Component).toBe(Home);
    expect(loads).toBe(1);
  });

  it('keeps a failed load’s error until the reader moves on, then tries again', async () => {
    let attempt = 0;
    const page = lazyPage(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { HomePage: Home };
    }, 'HomePage');
    await expect(loadPage(page)).rejects.toThrow('Failed to fetch');
    // A render retried meanwhile gets the same error, not a new fetch.
    await expect(loadPage(page)).rejects.toThrow('Failed to fetch');
    expect(attempt).toBe(1);
    expect(page.Component).toBeUndefined();
    forgetFailedLoads();
    expect(await loadPage(page)).toBe(Home);
    expect(attempt).toBe(2);
  });

  it('refuses a module without the named component', async () => {
    const page = lazyPage(async () => ({ Other: Home }), 'HomePage');
    await expect(loadPage(page)).rejects.toThrow('the page module has no component HomePage');
  });

  it('loads exactly the pages that match a path, the layout’s and the page’s', async () => {
    const loaded: string[] = [];
    const track = (name: string, component: () => null) =>
      lazyPage(async () => {
        loaded.push(name);
        return { [name]: component };
      }, name);
    const layout = track('DashboardLayout', Home);
    const settings = track('SettingsPage', Settings);
    const home = track('HomePage', Home);
    const routes: RouteObject[] = [
      { path: '/', handle: { page: home } satisfies PageHandle },
      {
        path: '/dashboard',
        handle: { page: layout } satisfies PageHandle,
        children: [{ path: 'user/settings', handle: { page: settings } satisfies PageHandle }],
      },
    ];
    await loadPagesFor(routes, '/dashboard/user/settings');
    expect(loaded.sort()).toEqual(['DashboardLayout', 'SettingsPage']);
    expect(settings.Component).toBe(Settings);
    expect(home.Component).toBeUndefined();
    await loadPagesFor(routes, '/nowhere');
    expect(loaded).toHaveLength(2);
  });
});
