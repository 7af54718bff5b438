/** Whether a sideways-scrolling box has more to show before or after what is in view. */
export interface ScrollCue {
  hasMoreBefore: boolean;
  hasMoreAfter: boolean;
}

/** Rounding in the browser's zoom leaves a pixel or so: less than this is no more to show. */
const SLACK_PX = 2;

/** From the box's scroll position and sizes, as the DOM gives them. */
export function scrollCue({
  scrollLeft,
  scrollWidth,
  clientWidth,
}: {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}): ScrollCue {
  // A right-to-left page scrolls to negative positions: how far from the start is the same.
  const fromStart = Math.abs(scrollLeft);
  return {
    hasMoreBefore: fromStart > SLACK_PX,
    hasMoreAfter: scrollWidth - clientWidth - fromStart > SLACK_PX,
  };
}
