/**
 * A plate in the marketplace. Its button opens the detail dialog when the plate is Available, or
 * reserved by this buyer (who may still buy it, the fee deducted); otherwise it is disabled and
 * shows the status.
 */
import { isOpenForPurchase, type PlateListing } from '#domain/marketplace/listing';
import { formatZmw } from '#domain/money/money';
import { Button, Card, Flex, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { approvedMessage } from './checkout-rules';
import { HeartIcon } from './heart-icon';
import { ListingDialog } from './listing-dialog';
import { ListingBadges, PlateNumberDisplay } from './plate-number-display';
import { toggleFavourite } from './use-marketplace';

interface ListingCardProps {
  listing: PlateListing;
  isFavourite: boolean;
  layout: 'grid' | 'list';
  /** The end of this buyer's own live reservation of the plate; undefined when it is not theirs. */
  reservedUntilMine: string | null | undefined;
}

export function ListingCard({ listing, isFavourite, layout, reservedUntilMine }: ListingCardProps) {
  const [isDialogOpen, setDialogOpen] = useState(false);
  const isMine = reservedUntilMine !== undefined && listing.status === 'Reserved';
  const mayOpen = isOpenForPurchase(listing) || isMine;
  return (
    <Card.Root as="li" size="sm" flexDirection={layout === 'list' ? { base: 'column', md: 'row' } : 'column'}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <PlateNumberDisplay number={listing.number} />
          <IconButton
            aria-label={isFavourite ? `Remove ${listing.number} from favorites` : `Add ${listing.number} to favorites`}
            aria-pressed={isFavourite}
            variant="ghost"
            size="sm"
            color={isFavourite ? 'red.600' : 'fg.muted'}
            onClick={() => void toggleFavourite(listing.id)}
          >
            <HeartIcon filled={isFavourite} />
          </IconButton>
        </Flex>
        <ListingBadges listing={listing} />
        <Text fontSize="sm" color="fg.muted">
          {listing.description}
        </Text>
        {isMine && (
          <Text fontSize="sm" fontWeight="medium" color="fg.success">
            {approvedMessage('reserve', reservedUntilMine ?? null)}
          </Text>
        )}
        <Text fontSize="2xl" fontWeight="bold">
          {formatZmw(listing.price)}
        </Text>
      </Card.Body>
      <Card.Footer w={layout === 'list' ? { base: 'full', md: '56' } : 'full'} flexShrink={0} alignSelf={layout === 'list' ? { md: 'center' } : undefined}>
        {mayOpen || isDialogOpen ? (
          <Button colorPalette="brand" w="full" aria-haspopup="dialog" onClick={() => setDialogOpen(true)} aria-label={`View Details of ${listing.number}`}>
            View Details
          </Button>
        ) : (
          <Button w="full" disabled>
            {listing.status}
          </Button>
        )}
        {/* Stays mounted while open, so a payment can finish after the plate turns Reserved or Sold. */}
        <ListingDialog listing={listing} isOpen={isDialogOpen} onClose={() => setDialogOpen(false)} reservedUntilMine={isMine ? reservedUntilMine : undefined} />
      </Card.Footer>
    </Card.Root>
  );
}
