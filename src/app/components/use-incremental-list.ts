/**
 * A long list drawn a page at a time: the first page at once, the next when the person
 * scrolls near the end (or presses the "show more" button, which keyboard and
 * screen-reader users reach). A new `resetKey` (another filter, another sort) starts
 * again from the first page, so a change redraws one page, not ten thousand cards.
 */
import { type RefCallback, useCallback, useEffect, useState } from 'react';

export interface IncrementalList<Item> {
  /** The items to draw now. */
  visible: readonly Item[];
  /** How many are not drawn yet. */
  remaining: number;
  /** Draws one more page. */
  showMore: () => void;
  /** Put on an element after the list: when it scrolls into view, the next page is drawn. */
  sentinel: RefCallback<Element>;
}

export function useIncrementalList<Item>(
  items: readonly Item[],
  pageSize: number,
  resetKey: unknown,
): IncrementalList<Item> {
  const [count, setCount] = useState(pageSize);
  const [shownFor, setShownFor] = useState(resetKey);
  if (shownFor !== resetKey) {
    // Adjusting state while rendering (React's documented pattern): no extra draw of the old length.
    setShownFor(resetKey);
    setCount(pageSize);
  }
  const showMore = useCallback(() => setCount((current) => current + pageSize), [pageSize]);

  // Observed anew after each page, so a sentinel still in view (a tall screen) draws the next one too.
  const [element, setElement] = useState<Element | null>(null);
  const more = count < items.length;
  useEffect(() => {
    if (!element || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, more, count, showMore]);

  const visible = count >= items.length ? items : items.slice(0, count);
  return { visible, remaining: items.length - visible.length, showMore, sentinel: setElement };
}
