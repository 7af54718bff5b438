/** An icon as a plain element, drawn as Chakra draws the app's icons (icons.tsx), for parts styled at build time. */
import type { ReactElement } from 'react';

export function PlainIcon({ drawing, className }: { drawing: ReactElement; className: string }) {
  return (
    <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24" className={className}>
      {drawing}
    </svg>
  );
}
