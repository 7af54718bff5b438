/**
 * The browser's Emotion cache (decision 032). Emotion writes every style rule it makes into
 * one `<style>` element until it holds 65,000. When a rule is added to a style sheet that
 * the page already uses, Chromium cannot tell what the new rule reaches once the rule is
 * an at-rule (`@layer`, which wraps all of Chakra's recipe styles, `@media` for a responsive
 * prop, `@keyframes`): it restyles every element the whole sheet styles, and for a cascade
 * layer every element of the page, and lays the page out again. Opening a plate's dialog on
 * the marketplace restyled every listing card and laid out the whole page that way.
 *
 * Here each burst of new rules (what one render writes before the browser next runs its
 * own tasks) starts a style element of its own, appended after the others. A new sheet is
 * weighed by its own rules only, so the new rules restyle the elements that use them. The
 * rules keep the order Emotion gave them, so the cascade is unchanged.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { PRERENDERED_CLASSES } from '#domain/marketplace/served-page';

/**
 * A prerendered page's class sheet (entry-server.tsx) is written under `PRERENDERED_CLASSES`, not
 * Emotion's `data-emotion`. Emotion adopts a sheet marked `data-emotion` by moving it to the end of
 * the head, and each cache made does it again (the design system's default one as its module is
 * run, then this one): every move restyles the whole page and lays it out again, twice at each
 * start, 60 ms or more of a slowed phone's main thread (decision 089). A sheet under the other
 * name stays where the page put it; this cache takes its classes as already written.
 */
export function createStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  for (const element of document.querySelectorAll(`style[${PRERENDERED_CLASSES}]`)) {
    const [key, ...names] = (element.getAttribute(PRERENDERED_CLASSES) ?? '').split(' ');
    if (key === cache.key) for (const name of names) cache.inserted[name] = true;
  }
  const { sheet } = cache;
  const insertIntoLastElement = sheet.insert.bind(sheet);
  let isBurstOpen = false;
  sheet.insert = (rule: string) => {
    if (!isBurstOpen) {
      isBurstOpen = true;
      // Emotion starts a new element when its count of rules is a multiple of 65,000.
      sheet.ctr = 0;
      queueMicrotask(() => {
        isBurstOpen = false;
      });
    }
    insertIntoLastElement(rule);
  };
  return cache;
}
