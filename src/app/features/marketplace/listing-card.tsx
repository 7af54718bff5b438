/**
 * A plate in the marketplace. Its button opens the detail dialog when the plate is Available, or
 * reserved by this buyer (who may still buy it, the fee deducted); otherwise it is disabled and
 * shows the status.
 */
import { isOpenForPurchase, type PlateListing } from '#domain/marketplace/listing';
import { formatZmw } from '#domain/money/money';
import { Button, Card, Flex, IconButton, Text } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { showToast } from '../../components/toast';
import { approvedMessage } from './checkout-rules';
import { HeartIcon } from './heart-icon';
import type { ListingDialog as ListingDialogOnceLoaded } from './listing-dialog';
import { ListingBadges, PlateNumberDisplay } from './plate-number-display';
import { toggleFavourite } from './use-marketplace';

interface ListingCardProps {
  listing: PlateListing;
  isFavourite: boolean;
  layout: 'grid' | 'list';
  /** The end of this buyer's own live reservation of the plate; undefined when it is not theirs. */
  reservedUntilMine: string | null | undefined;
}

// The dialog (checkout, payment, sign-up) loads when a buyer opens a plate, not with the
// page, or once the page is ready and idle (onDemand). Once here, a plate opens at once: no
// Suspense boundary in between, whose reveal React would hold back (it paces revealed
// content, ~300 ms after a fallback was shown).
type ListingDialogComponent = typeof ListingDialogOnceLoaded;
const listingDialog = onDemand(() => import('./listing-dialog').then((module) => module.ListingDialog));

export function ListingCard({ listing, isFavourite, layout, reservedUntilMine }: ListingCardProps) {
  const [isDialogOpen, setDialogOpen] = useState(false);
  // The dialog's component once the plate has been opened (it stays mounted, see below).
  const [ListingDialog, setListingDialog] = useState<ListingDialogComponent | null>(null);
  // While the dialog's code loads, the button shows it is working and the page stays.
  const [isOpening, startOpening] = useTransition();
  function show(component: ListingDialogComponent) {
    setListingDialog(() => component);
    setDialogOpen(true);
  }
  function open() {
    const loaded = listingDialog.loaded();
    if (loaded) return show(loaded);
    startOpening(async () => {
      try {
        const component = await listingDialog.load();
        startOpening(() => show(component));
      } catch {
        showToast({ type: 'error', title: 'This plate could not be opened', description: NOT_LOADED, closable: true });
      }
    });
  }
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
          <Button colorPalette="brand" w="full" aria-haspopup="dialog" loading={isOpening} onClick={open} aria-label={`View Details of ${listing.number}`}>
            View Details
          </Button>
        ) : (
          <Button w="full" disabled>
            {listing.status}
          </Button>
        )}
        {/* Stays mounted while open, so a payment can finish after the plate turns Reserved or Sold. */}
        {ListingDialog && <ListingDialog listing={listing} isOpen={isDialogOpen} onClose={() => setDialogOpen(false)} reservedUntilMine={isMine ? reservedUntilMine : undefined} />}
      </Card.Footer>
    </Card.Root>
  );
}
