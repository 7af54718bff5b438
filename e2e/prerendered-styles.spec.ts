/**
 * A prerendered page's class sheet stays where the page put it (decision 089). Emotion adopts a
 * sheet it finds under `data-emotion` by moving it to the end of the head, once for each cache
 * made, and every move restyles and lays out the whole page: twice at every start. The page
 * writes it under a name of its own, and the app's cache takes its classes as already written,
 * so that it neither moves the sheet nor writes those rules a second time.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForApp } from './app-page';

/** Style elements put into the document again after they were first parsed: moved. */
async function watchMovedStyles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Node>();
    const moved: string[] = [];
    (window as unknown as { movedStyles: string[] }).movedStyles = moved;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLStyleElement)) continue;
          if (seen.has(node))
            moved.push([...node.attributes].map((a) => `${a.name}=${a.value.slice(0, 40)}`).join(' '));
          seen.add(node);
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** How many style rules name each of the prerendered sheet's classes outside that sheet. */
function rulesOutsideThePrerenderedSheet(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const sheet = document.querySelector('style[data-emotion-prerendered]');
    const names = (sheet?.getAttribute('data-emotion-prerendered') ?? '').split(' ').slice(1);
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) walk(rule.cssRules);
      }
    };
    for (const styleSheet of document.styleSheets) if (styleSheet.ownerNode !== sheet) walk(styleSheet.cssRules);
    return Object.fromEntries(
      names.map((name) => [name, selectors.filter((selector) => selector.includes(`.css-${name}`)).length]),
    );
  });
}

test.describe('a prerendered page’s styles', () => {
  for (const path of ['/', '/marketplace', '/pricing']) {
    test(`${path}: the app’s start moves no style sheet`, async ({ page }) => {
      await watchMovedStyles(page);
      await page.goto(path);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { movedStyles: string[] }).movedStyles)).toEqual([]);
      await expect(page.locator('style[data-emotion-prerendered]')).toHaveCount(1);
      const outside = await rulesOutsideThePrerenderedSheet(page);
      expect(Object.keys(outside).length).toBeGreaterThan(0);
      expect(Object.entries(outside).filter(([, count]) => count > 0)).toEqual([]);
    });
  }

  test('a plate’s dialog, drawn by the app with the prerendered classes, writes none of them again', async ({
    page,
  }) => {
    await page.goto('/marketplace');
    await waitForApp(page);
    // The app's own dialog, its code here: a tap draws the copy, then the dialog takes its place.
    await page.waitForLoadState('networkidle');
    const button = page.getByRole('button', { name: /^View Details of / }).last();
    await button.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: 'Sign in to buy' })).toBeVisible();
    await expect(page.locator('dialog[data-early-listing-dialog]')).toHaveCount(0);
    const outside = await rulesOutsideThePrerenderedSheet(page);
    expect(Object.keys(outside).length).toBeGreaterThan(0);
    expect(Object.entries(outside).filter(([, count]) => count > 0)).toEqual([]);
  });
});
