/** A stroke icon as a plain element, drawn as Chakra draws the app's icons (icons.tsx), for parts styled at build time. */
import { stroke } from './icon-paths';

export function PlainStrokeIcon({ path, className }: { path: string; className: string }) {
  return (
    <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <path {...stroke} d={path} />
    </svg>
  );
}
