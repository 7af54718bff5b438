/**
 * The accessibility check every spec runs: axe-core with the WCAG 2.1 A/AA and
 * best-practice rules, serious and critical findings only, each as one readable line.
 * Transitions are stilled first, so colours are measured as they end, not mid-fade (a
 * button enabled a moment ago would otherwise read as low contrast); and the page is
 * asked for reduced motion meanwhile, which shows the home page's fade-in sections as
 * they end, scrolled to or not (axe skips what is transparent).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * For a test that runs axe on several screens: one run took 10–18 s on a loaded 2-core runner,
 * so four or five in a test, with the sign-ins and first syncs between them, need more than
 * the default minute.
 */
export const AXE_CHECKS_TIMEOUT = 150_000;

export async function seriousViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only the violations are read: the other results keep one example each (every-route-axe: 101 → 93–96 CPU-s).
    .options({ resultTypes: ['violations'] })
    .analyze();
  await page.emulateMedia({ reducedMotion: null });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.nodes.length}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
          .join(', ')}`,
    );
}
