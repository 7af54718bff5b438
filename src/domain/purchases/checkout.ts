// What a buyer pays for a marketplace plate: Buy Now and the reservation fee (spec section 9;
// brief: money and business rules). Each line of the breakdown is kept so the checkout screen
// and the receipt show the same figures the server charged.
import { addMoney, maxMoney, minMoney, percentOfBasisPoints, subtractMoney, ZERO_NGWEE } from '../money/money';
import type { Ngwee } from '../money/money';
import type { PaymentMethodId, PricingSettings } from '../pricing/pricing';
import { holdsLiveReservation } from './reservation';
import type { ListingReservation } from './reservation';

export interface CheckoutBreakdown {
  readonly price: Ngwee;
  readonly processingFee: Ngwee;
  /** Percentage of the plate price only, for the chosen method. */
  readonly gatewayFee: Ngwee;
  /** The reservation fee already paid, deducted once; zero without a live reservation of this buyer. */
  readonly reservationCredit: Ngwee;
  /** price + processingFee + gatewayFee − reservationCredit; never below zero. */
  readonly total: Ngwee;
}

export interface BuyNowInput {
  readonly listing: ListingReservation & { readonly price: Ngwee };
  readonly buyerId: string;
  readonly method: PaymentMethodId;
  readonly now: Date;
  readonly settings: PricingSettings;
  /**
   * What the buyer actually paid for the reservation they hold. The server passes the amount from
   * the reservation's payment, because an administrator may have changed the fee since; the
   * screen may leave it out, and then the current setting is shown.
   */
  readonly reservationFeePaid?: Ngwee;
}

/**
 * Buy Now on a marketplace listing: price + processing fee + gateway fee − reservation credit.
 * The gateway fee is charged on the full plate price, as in the buy-process wizard, even when a
 * reservation credit lowers what is collected. The credit applies only while this buyer's own
 * reservation runs (a lapsed reservation's fee is not refunded or credited), and at most once: it
 * is a single fee, and a successful purchase makes the plate Sold so it cannot be bought again.
 * It is capped at the other lines so the total never goes below zero.
 */
export function buyNowBreakdown(input: BuyNowInput): CheckoutBreakdown {
  const { listing, buyerId, method, now, settings } = input;
  const price = listing.price;
  const processingFee = settings.processingFee;
  const gatewayFee = percentOfBasisPoints(price, settings.gatewayFeeBasisPoints[method]);
  const gross = addMoney(price, processingFee, gatewayFee);
  const feePaid = input.reservationFeePaid ?? settings.reservationFee;
  const reservationCredit = holdsLiveReservation(listing, buyerId, now)
    ? minMoney(maxMoney(ZERO_NGWEE, feePaid), gross)
    : ZERO_NGWEE;
  return { price, processingFee, gatewayFee, reservationCredit, total: subtractMoney(gross, reservationCredit) };
}

/**
 * The amount charged to reserve a plate: the reservation fee and nothing else. The gateway fee is
 * a percentage of the plate subtotal only (spec section 9), and a reservation buys no plate, so no
 * gateway fee and no processing fee are added whichever method pays it; the fee is later credited
 * in full against Buy Now.
 */
export function reservationPaymentAmount(settings: PricingSettings): Ngwee {
  return settings.reservationFee;
}
