/**
 * A plate in the marketplace. Its button opens the detail dialog when the plate is Available, or
 * reserved by this buyer (who may still buy it, the fee deducted); otherwise it is disabled and
 * shows the status.
 */
import { isOpenForPurchase, type PlateListing } from '#domain/marketplace/listing';
import { formatZmw } from '#domain/money/money';
import { useEffect, useRef, useState, useTransition } from 'react';
import { isOnline } from '../../api/reachability';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { showToast } from '../../components/toast';
import { afterNextPaint } from '../../components/when-idle';
import { approvedMessage } from './approved-message';
import { closeEarlyListingDialog, showEarlyListingDialog } from './early-listing-dialog';
import { HeartIcon } from './heart-icon';
import type { ListingDialog as ListingDialogOnceLoaded } from './listing-dialog';
import { ListingBadges, PlateNumberDisplay } from './plate-number-display';
import { toggleFavourite } from './use-marketplace';
import { getSession } from '../../session/session-store';
import { staticClasses } from '../../theme/static-styles';
import type { listingStyles } from './listing-card.styles';

// Styled at build time (listing-card.styles.tsx, decision 039): a page of cards makes no style.
const cls = staticClasses<typeof listingStyles>('listing');

interface ListingCardProps {
  listing: PlateListing;
  isFavourite: boolean;
  layout: 'grid' | 'list';
  /** The end of this buyer's own live reservation of the plate; undefined when it is not theirs. */
  reservedUntilMine: string | null | undefined;
  /** The address names this plate (?plate=…): its dialog opens as soon as it may (after signing in, say). */
  isOpenedByAddress?: boolean;
  /** The tab the dialog opens on. */
  openTab?: 'buy' | 'reserve';
  /** The dialog was closed. */
  onClosed?: () => void;
}

// The dialog (checkout, payment, sign-up) loads when a buyer opens a plate, not with the
// page, or once the page is ready and idle (onDemand). Once here, a plate opens at once: no
// Suspense boundary in between, whose reveal React would hold back (it paces revealed
// content, ~300 ms after a fallback was shown).
type ListingDialogComponent = typeof ListingDialogOnceLoaded;
const listingDialog = onDemand(() => import('./listing-dialog').then((module) => module.ListingDialog));
/** Fetches the dialog's code now (if not already): the page puts it ahead of sync when it came with its listings. */
export const loadListingDialog = (): Promise<unknown> => listingDialog.load();

export function ListingCard({
  listing,
  isFavourite,
  layout,
  reservedUntilMine,
  isOpenedByAddress = false,
  openTab = 'buy',
  onClosed,
}: ListingCardProps) {
  const [isDialogOpen, setDialogOpen] = useState(false);
  // The dialog's component once the plate has been opened (it stays mounted, see below).
  const [ListingDialog, setListingDialog] = useState<ListingDialogComponent | null>(null);
  // While the dialog's code loads, the button shows it is working and the page stays.
  const [isOpening, startOpening] = useTransition();
  function show(component: ListingDialogComponent) {
    setListingDialog(() => component);
    setDialogOpen(true);
  }
  const isMine = reservedUntilMine !== undefined && listing.status === 'Reserved';
  function open(opener: HTMLElement | null) {
    // The dialog's first frame is drawn from the page's template (decision 076), by code in the page's
    // first load (1.3 KiB: fetched at the tap, a round trip on a slow line made the tap miss 300 ms):
    // until its code is here, and once it is too, for the app's dialog takes a slow phone about
    // 300 ms to draw, the copy about 100 (decision 076's amendment). Closed meanwhile, the open is
    // cancelled. A buyer's own reservation, and a page served without the templates, are drawn by
    // the app alone. A visitor online, who is offered a sign-in where a buyer has forms, gets the
    // checkout in the copy too, on the tab the dialog opens on (decision 088).
    const isVisitor = getSession().status !== 'signed-in' && isOnline();
    const early = isMine ? null : showEarlyListingDialog(listing, opener, { checkout: isVisitor ? openTab : null });
    const loaded = listingDialog.loaded();
    // The dialog's code, or null once the person has been told it could not be fetched.
    const component = () =>
      listingDialog.load().catch(() => {
        closeEarlyListingDialog();
        showToast({ type: 'error', title: 'This plate could not be opened', description: NOT_LOADED, closable: true });
        return null;
      });
    if (!early) {
      if (loaded) return show(loaded);
      // While the code loads the button shows it is working.
      return startOpening(async () => {
        const arrived = await component();
        if (arrived) startOpening(() => show(arrived));
      });
    }
    // Behind the copy (the button beneath it, taking the focus back on close) nothing waits on the page:
    // the app's dialog is drawn in one go, not as a transition sliced between other work (on a slowed
    // phone its checkout came 70 ms sooner), and, its code already here, once the copy has been painted.
    void (loaded ? afterNextPaint() : Promise.resolve()).then(async () => {
      const arrived = await component();
      if (arrived && !early.isCancelled) show(arrived);
    });
  }
  const mayOpen = isOpenForPurchase(listing) || isMine;
  // Opened by the address once, as soon as the plate may be opened (a buyer's own reservation is known
  // only once their reservations have been read); closing it does not open it again.
  const wasOpenedByAddress = useRef(false);
  useEffect(() => {
    if (!isOpenedByAddress || !mayOpen || wasOpenedByAddress.current) return;
    wasOpenedByAddress.current = true;
    open(null);
    // open() is the same whenever it runs; only the address and the plate's status matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpenedByAddress, mayOpen]);
  const inList = layout === 'list';
  return (
    <li className={cls(inList ? 'cardInList' : 'card')}>
      <div className={cls('body')}>
        <div className={cls('top')}>
          <PlateNumberDisplay number={listing.number} />
          <button
            type="button"
            aria-label={isFavourite ? `Remove ${listing.number} from favorites` : `Add ${listing.number} to favorites`}
            aria-pressed={isFavourite}
            className={cls(isFavourite ? 'favouriteChosen' : 'favourite')}
            onClick={() => void toggleFavourite(listing.id)}
          >
            <HeartIcon filled={isFavourite} />
          </button>
        </div>
        <ListingBadges listing={listing} />
        <p className={cls('description')}>{listing.description}</p>
        {isMine && <p className={cls('mine')}>{approvedMessage('reserve', reservedUntilMine ?? null)}</p>}
        <p className={cls('price')}>{formatZmw(listing.price)}</p>
      </div>
      <div className={cls(inList ? 'footerInList' : 'footer')}>
        {mayOpen || isDialogOpen ? (
          // While its dialog's code loads, drawn as Chakra's Button draws one that is loading.
          <button
            type="button"
            className={cls('open')}
            aria-haspopup="dialog"
            data-loading={isOpening ? '' : undefined}
            disabled={isOpening}
            onClick={(event) => open(event.currentTarget)}
            aria-label={`View Details of ${listing.number}`}
          >
            {isOpening ? (
              <span className={cls('loading')}>
                <span className={cls('loadingCentre')}>
                  <span className={cls('spinner')} />
                </span>
                <span className={cls('loadingLabel')}>View Details</span>
              </span>
            ) : (
              'View Details'
            )}
          </button>
        ) : (
          <button type="button" className={cls('closed')} disabled>
            {listing.status}
          </button>
        )}
        {/* Stays mounted while open, so a payment can finish after the plate turns Reserved or Sold. */}
        {ListingDialog && (
          <ListingDialog
            listing={listing}
            isOpen={isDialogOpen}
            onClose={() => {
              setDialogOpen(false);
              onClosed?.();
            }}
            reservedUntilMine={isMine ? reservedUntilMine : undefined}
            defaultTab={openTab}
          />
        )}
      </div>
    </li>
  );
}
