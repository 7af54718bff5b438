/**
 * The public pages written as static HTML at build time, their file names in dist/,
 * and the module of each page's component (the route table's lazy import), whose
 * scripts the page's HTML preloads.
 */
export const PRERENDERED_PAGES = [
  { path: '/', title: 'Nambala — Zambian licence plates online', module: 'src/app/features/home/home-page.tsx' },
  {
    path: '/marketplace',
    title: 'License Plate Marketplace — Nambala',
    module: 'src/app/features/marketplace/marketplace-page.tsx',
  },
  {
    path: '/how-it-works',
    title: 'How It Works — Nambala',
    module: 'src/app/features/how-it-works/how-it-works-page.tsx',
  },
  { path: '/pricing', title: 'Pricing — Nambala', module: 'src/app/features/pricing/pricing-page.tsx' },
  {
    path: '/verification',
    title: 'Plate Verification — Nambala',
    module: 'src/app/features/verification/verification-page.tsx',
  },
  {
    path: '/about-contact',
    title: 'About & Contact — Nambala',
    module: 'src/app/features/about-contact/about-contact-page.tsx',
  },
  { path: '/auth', title: 'Login — Nambala', module: 'src/app/features/auth/auth-page.tsx' },
  { path: '/terms', title: 'Terms of Service — Nambala', module: 'src/app/features/legal/terms-page.tsx' },
  { path: '/privacy', title: 'Privacy Policy — Nambala', module: 'src/app/features/legal/privacy-page.tsx' },
  { path: '/compliance', title: 'Compliance — Nambala', module: 'src/app/features/legal/compliance-page.tsx' },
  { path: '/help', title: 'Help Center — Nambala', module: 'src/app/features/help/help-page.tsx' },
] as const;

/** The app's start module, which main.tsx imports once the first paint is on screen. */
export const START_MODULE = 'src/app/start.tsx';

export function prerenderedFileOf(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
}

/** The part of Vite's build manifest (dist/.vite/manifest.json) the prerenderer reads. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/**
 * The app's start and the stages it imports one task after another (start.tsx), in
 * that order: main.tsx fetches their scripts first, so that no stage waits to be asked for.
 */
export function startModules(manifest: BuildManifest): string[] {
  return [START_MODULE, ...(manifest[START_MODULE]?.dynamicImports ?? [])];
}

/**
 * The script files a module needs: its own and every static import's, transitively,
 * in manifest order. Dynamic imports are left out: they load on demand.
 */
export function scriptsOf(manifest: BuildManifest, modules: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest; is the module path in prerendered-pages.ts right?`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files;
}

/** The module main.tsx imports to draw a verdict asked for before the app has started (decision 034). */
export const EARLY_VERDICT_MODULE = 'src/app/features/verification/early-verdict.ts';

/**
 * The scripts a prerendered page lists for main.tsx to fetch, in the order it fetches them:
 * the start's, then the page's own. On a page that draws verdicts before the app has started,
 * the scripts the drawing imports go first (all of them are the page's own too): an officer
 * who presses Enter early waits on them, and behind the start's they arrived last, after the
 * registry's answer (docs/decisions/037-scripts-yield-to-a-waited-request.md).
 */
export function pageScripts(
  manifest: BuildManifest,
  pageModule: string,
  { drawsEarlyVerdicts }: { drawsEarlyVerdicts: boolean },
): string[] {
  const scripts = [...new Set([...scriptsOf(manifest, startModules(manifest)), ...scriptsOf(manifest, [pageModule])])];
  if (!drawsEarlyVerdicts) return scripts;
  const drawing = new Set(scriptsOf(manifest, [EARLY_VERDICT_MODULE]));
  return [...scripts.filter((file) => drawing.has(file)), ...scripts.filter((file) => !drawing.has(file))];
}
