/**
 * A plate number drawn as the yellow plate, and a listing's status, type and Featured badges.
 * Styled at build time (listing-card.styles.tsx, decision 039): drawn plain, in a card and in
 * the listing's dialog alike.
 */
import type { PlateListing } from '#domain/marketplace/listing';
import { staticClasses } from '../../theme/static-styles';
import type { plateStyles } from './listing-card.styles';

const cls = staticClasses<typeof plateStyles>('plate');

export function PlateNumberDisplay({ number }: { number: string }) {
  return <div className={cls('plate')}>{number}</div>;
}

export function ListingBadges({ listing }: { listing: Pick<PlateListing, 'status' | 'type' | 'featured'> }) {
  return (
    <div className={cls('badges')}>
      <span className={cls(listing.status)}>{listing.status}</span>
      <span className={cls('type')}>{listing.type}</span>
      {listing.featured && <span className={cls('featured')}>Featured</span>}
    </div>
  );
}
