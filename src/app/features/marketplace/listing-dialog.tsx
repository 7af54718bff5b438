/**
 * The plate's detail dialog: what it is and what comes with it, and the 'Buy Now' and 'Reserve'
 * tabs. Prices come from the server's quote when the dialog opens, and again after a payment is
 * approved or refused, so the breakdown is always the one the server will charge.
 */
import { LISTING_INCLUDES, type PlateListing } from '#domain/marketplace/listing';
import { formatZmw } from '#domain/money/money';
import { Box, List, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AppDialogFrame } from '../../components/app-dialog-frame';
import { CheckIcon } from '../../components/icons';
import { afterNextPaint } from '../../components/when-idle';
import { useOnlineStatus } from '../../components/use-online-status';
import { useSession } from '../../session/use-session';
import { fetchQuote, type QuoteAnswer } from './checkout-api';
import { approvedMessage, type CheckoutKind, offeredCheckouts } from './checkout-rules';
import { CheckoutTab } from './checkout-tab';
import { earlyListingCheckout, takeEarlyListingDialog, takeHandedFocus } from './early-listing-dialog';
import { ListingBadges, PlateNumberDisplay } from './plate-number-display';
import { refreshMyReservations } from './use-my-reservations';

function useQuote(listingId: string, isOnline: boolean): { quote: QuoteAnswer | undefined; refresh: () => void } {
  const [quote, setQuote] = useState<QuoteAnswer | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    // Offline, the prices last read stay shown (the buttons say a connection is needed).
    if (!isOnline) return;
    let isCurrent = true;
    void fetchQuote(listingId).then((answer) => {
      if (isCurrent) setQuote(answer);
    });
    return () => {
      isCurrent = false;
    };
    // isOnline: coming back online reloads the prices.
  }, [listingId, version, isOnline]);
  return { quote, refresh: useCallback(() => setVersion((v) => v + 1), []) };
}

/**
 * The plate and what comes with it are drawn with the dialog; the checkout's forms once that
 * frame is on screen, so that on a slow phone the dialog answers the tap at once (a deferred
 * render could run before the frame, and hold it back by as long as the forms take). Drawn
 * already (`isDrawnAlready`): with the first frame.
 */
function useFirstFrameDrawn(isDrawnAlready: boolean): boolean {
  const [isDrawn, setDrawn] = useState(isDrawnAlready);
  useEffect(() => {
    if (isDrawnAlready) return;
    let isCurrent = true;
    void afterNextPaint().then(() => isCurrent && setDrawn(true));
    return () => {
      isCurrent = false;
    };
  }, [isDrawnAlready]);
  return isDrawn;
}

function DialogContent({
  listing,
  reservedUntilMine,
  defaultTab,
  checkoutAtOnce,
}: {
  listing: PlateListing;
  reservedUntilMine: string | null | undefined;
  defaultTab: CheckoutKind;
  checkoutAtOnce: CheckoutKind | null;
}) {
  const isOnline = useOnlineStatus();
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const { quote, refresh } = useQuote(listing.id, isOnline);
  const isMine = reservedUntilMine !== undefined;
  // A copy of this first frame drawn while the code loaded (early-listing-dialog.ts) gives way
  // before the browser paints: the same markup, so nothing on screen moves. A copy that drew a
  // visitor's checkout (decision 088) is followed by the checkout at once, on the copy's tab.
  const [drawnCheckout] = useState(() => checkoutAtOnce ?? earlyListingCheckout(listing.id));
  const isCheckoutShown = useFirstFrameDrawn(drawnCheckout !== null);
  const body = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (body.current) takeEarlyListingDialog(body.current);
  }, []);

  const settled = () => {
    refresh();
    void refreshMyReservations(true);
    // The plate is now Reserved or Sold: bring the device's listings up to date.
    void import('../../sync/sync-engine').then((module) => module.syncNow());
  };

  const tabProps = {
    listingId: listing.id,
    plateNumber: listing.number,
    quote,
    isSignedIn,
    isOnline,
    defaultPhone: session.status === 'signed-in' ? (session.user.phone ?? '') : '',
    accountName: session.status === 'signed-in' ? session.user.name : '',
    onSettled: settled,
    onStale: refresh,
  };

  // The buyer's own reservation offers only Buy Now (the fee deducted): reserving it again is refused.
  // Decided as the dialog opens: a reservation just made here keeps its tab and its outcome on screen.
  const [offered] = useState(() => offeredCheckouts(reservedUntilMine));
  const checkout = (
    <Tabs.Root
      defaultValue={drawnCheckout ?? (offered.includes(defaultTab) ? defaultTab : 'buy')}
      variant="enclosed"
      fitted
      colorPalette="brand"
      lazyMount
    >
      <Tabs.List>
        <Tabs.Trigger value="buy">Buy Now</Tabs.Trigger>
        {offered.includes('reserve') && <Tabs.Trigger value="reserve">Reserve</Tabs.Trigger>}
      </Tabs.List>
      <Tabs.Content value="buy">
        <CheckoutTab kind="buy" {...tabProps} />
      </Tabs.Content>
      {offered.includes('reserve') && (
        <Tabs.Content value="reserve">
          <CheckoutTab kind="reserve" {...tabProps} />
        </Tabs.Content>
      )}
    </Tabs.Root>
  );

  return (
    <Stack gap="5" ref={body}>
      <Stack gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }} justify="space-between">
        <PlateNumberDisplay number={listing.number} />
        <Text fontSize="2xl" fontWeight="bold">
          {formatZmw(listing.price)}
        </Text>
      </Stack>
      <ListingBadges listing={listing} />
      {isMine && (
        <Text fontWeight="medium" color="fg.success">
          {approvedMessage('reserve', reservedUntilMine ?? null)}
        </Text>
      )}
      <Text>{listing.description}</Text>
      <Box>
        <Text fontWeight="semibold" mb="2">
          Included
        </Text>
        <List.Root gap="1" variant="plain">
          {LISTING_INCLUDES.map((item) => (
            <List.Item key={item}>
              <List.Indicator asChild color="green.600">
                <CheckIcon boxSize="4" />
              </List.Indicator>
              {item}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      {isCheckoutShown ? checkout : <Skeleton height="72" borderRadius="l2" aria-hidden="true" />}
    </Stack>
  );
}

export function ListingDialog({
  listing,
  isOpen,
  onClose,
  reservedUntilMine,
  defaultTab = 'buy',
  checkoutAtOnce = null,
}: {
  listing: PlateListing;
  isOpen: boolean;
  onClose: () => void;
  reservedUntilMine: string | null | undefined;
  defaultTab?: CheckoutKind;
  /** The checkout drawn with the first frame, on this tab (the page's templates of a visitor's checkout). */
  checkoutAtOnce?: CheckoutKind | null;
}) {
  return (
    <AppDialogFrame
      title={`Plate ${listing.number}`}
      isOpen={isOpen}
      onClose={onClose}
      size={{ base: 'full', sm: 'lg' }}
      placement="top"
      isBodyScrolled
      isUnmountedWhenClosed
      initialFocus={takeHandedFocus}
    >
      <DialogContent
        listing={listing}
        reservedUntilMine={reservedUntilMine}
        defaultTab={defaultTab}
        checkoutAtOnce={checkoutAtOnce}
      />
    </AppDialogFrame>
  );
}
