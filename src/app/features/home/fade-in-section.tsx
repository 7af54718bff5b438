/**
 * A home-page section that fades in the first time a tenth of it scrolls into view
 * (spec: visibility threshold 10 percent). Only opacity and transform change, so the
 * content is laid out, in the DOM and in the accessibility tree from the first render;
 * people who ask for reduced motion get no animation at all.
 */
import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

const VISIBILITY_THRESHOLD = 0.1;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function canObserve(): boolean {
  return typeof IntersectionObserver === 'function';
}

export function FadeInSection({ children, ...props }: BoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Hidden on first render everywhere, so a prerendered page hydrates without a mismatch.
  const [isRevealed, setRevealed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (isRevealed || !element) return;
    // Without IntersectionObserver the section would never be revealed, so show it at once
    // (on the next frame: the first render must match the prerendered HTML).
    if (prefersReducedMotion() || !canObserve()) {
      const frame = requestAnimationFrame(() => setRevealed(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          // Once is enough: scrolling back up must not hide the section again.
          observer.disconnect();
        }
      },
      { threshold: VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isRevealed]);

  return (
    <Box
      as="section"
      ref={ref}
      opacity={isRevealed ? 1 : 0}
      transform={isRevealed ? 'none' : 'translateY(1.5rem)'}
      transition="opacity 0.6s ease-out, transform 0.6s ease-out"
      // The media query may change after mount; CSS then wins over the state.
      _motionReduce={{ opacity: 1, transform: 'none', transition: 'none' }}
      // A keyboard user can tab into a section before it has scrolled far enough to fire.
      onFocusCapture={isRevealed ? undefined : () => setRevealed(true)}
      {...props}
    >
      {children}
    </Box>
  );
}
