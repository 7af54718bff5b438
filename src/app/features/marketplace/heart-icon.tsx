/** The favourite mark, drawn as Chakra draws an icon (styled at build time: listing-card.styles.tsx). */
import { staticClasses } from '../../theme/static-styles';
import type { listingStyles } from './listing-card.styles';

const cls = staticClasses<typeof listingStyles>('listing');

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      focusable="false"
      aria-hidden="true"
      className={cls('heart')}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z" />
    </svg>
  );
}
