/** The public pages written as static HTML at build time, and their file names in dist/. */
export const PRERENDERED_PAGES = [
  { path: '/', title: 'Nambala — Zambian licence plates online' },
  { path: '/marketplace', title: 'License Plate Marketplace — Nambala' },
  { path: '/how-it-works', title: 'How It Works — Nambala' },
  { path: '/pricing', title: 'Pricing — Nambala' },
  { path: '/verification', title: 'Plate Verification — Nambala' },
  { path: '/about-contact', title: 'About & Contact — Nambala' },
  { path: '/auth', title: 'Login — Nambala' },
  { path: '/terms', title: 'Terms of Service — Nambala' },
  { path: '/privacy', title: 'Privacy Policy — Nambala' },
  { path: '/compliance', title: 'Compliance — Nambala' },
] as const;

export function prerenderedFileOf(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
}
