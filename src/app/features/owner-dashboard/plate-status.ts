/**
 * How My Plates & Orders and the Overview describe a plate or an order: a short status
 * with its colour, and a line saying where it really is (which shop, from when, until when).
 */
import { plateProgress } from '#domain/plates/lifecycle';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import { daysUntil, RENEWAL_WINDOW_DAYS } from '#domain/plates/owner-overview';
import { coverOnDay, coverText } from '#domain/registry/cover';
import type { OwnerOrder, OwnerOrderStatus } from '#domain/plates/owner-order';
import { formatDay } from '../../components/format-date-time';

export interface StatusView {
  label: string;
  palette: 'green' | 'orange' | 'red' | 'blue' | 'purple' | 'gray';
  detail: string;
}

export function plateStatus(
  plate: Pick<OwnedPlate, 'stage' | 'registration' | 'manufacturingStatus' | 'shopName' | 'collectionDate'>,
  today: string,
): StatusView {
  const registration = plate.registration;
  if (plate.stage === 'Registered' && registration) {
    if (registration.standing === 'Stolen')
      return {
        label: 'Reported stolen',
        palette: 'red',
        detail: `Reported stolen${registration.standingChangedAt ? ` on ${formatDay(registration.standingChangedAt)}` : ''}.`,
      };
    if (registration.standing === 'Revoked')
      return {
        label: 'Revoked',
        palette: 'red',
        detail: `Revoked by the registry${registration.standingChangedAt ? ` on ${formatDay(registration.standingChangedAt)}` : ''}.`,
      };
    const daysLeft = daysUntil(registration.expiryDate, today);
    if (daysLeft < 0)
      return {
        label: 'Expired',
        palette: 'red',
        detail: `Expired on ${formatDay(registration.expiryDate)}: renew it to drive legally.`,
      };
    if (daysLeft <= RENEWAL_WINDOW_DAYS)
      return {
        label: 'Renewal due',
        palette: 'orange',
        detail: `Registered; expires on ${formatDay(registration.expiryDate)} (${daysLeft} day${daysLeft === 1 ? '' : 's'}).`,
      };
    return { label: 'Registered', palette: 'green', detail: `Registered until ${formatDay(registration.expiryDate)}.` };
  }
  const shop = plate.shopName ?? 'a plate shop';
  switch (plateProgress(plate.stage, plate.manufacturingStatus)) {
    case 'Collected':
      return {
        label: 'Collected',
        palette: 'blue',
        detail: `Collected from ${shop}; registered once the shop records the sale with your vehicle.`,
      };
    case 'Ready for collection':
      return {
        label: 'Ready for collection',
        palette: 'purple',
        detail: `Ready at ${shop}${plate.collectionDate ? ` from ${formatDay(plate.collectionDate)}` : ''}. Bring your NRC and the vehicle’s details.`,
      };
    case 'Being made':
      return {
        label: 'Being made',
        palette: 'blue',
        detail: `${shop} is making it${plate.collectionDate ? `; collect from ${formatDay(plate.collectionDate)}` : ''}.`,
      };
    default:
      return {
        label: 'Paid',
        palette: 'blue',
        detail: plate.shopName
          ? `Paid; ${plate.shopName} will make it${plate.collectionDate ? ` for collection from ${formatDay(plate.collectionDate)}` : ''}.`
          : 'Paid; waiting for a plate shop to be assigned.',
      };
  }
}

/**
 * A registered plate's insurance on `today`: "Insured until 22 Mar 2027 (insurer, policy
 * type)" or "No valid insurance"; null before the plate is registered.
 */
export function plateCover(
  plate: Pick<OwnedPlate, 'stage' | 'registration' | 'cover'>,
  today: string,
): { text: string; isInsured: boolean } | null {
  if (plate.stage !== 'Registered' || !plate.registration) return null;
  const cover = coverOnDay(plate.cover ?? [], today);
  return { text: coverText(cover, formatDay), isInsured: cover !== 'none' };
}

const ORDER_PALETTES: Record<OwnerOrderStatus, StatusView['palette']> = {
  'Awaiting payment': 'orange',
  'Payment declined': 'red',
  Paid: 'blue',
  'Under review': 'blue',
  Approved: 'green',
  Rejected: 'red',
  Reserved: 'purple',
};

export function orderStatus(
  order: Pick<OwnerOrder, 'kind' | 'status' | 'plates' | 'rejectionReason' | 'reservedUntil' | 'payment'>,
): StatusView {
  const palette = ORDER_PALETTES[order.status];
  switch (order.status) {
    case 'Rejected':
      return {
        label: 'Rejected',
        palette,
        detail: order.rejectionReason ? `Reason: ${order.rejectionReason}` : 'The application was rejected.',
      };
    case 'Approved':
      return {
        label: 'Approved',
        palette,
        detail:
          order.plates.length > 0 ? `Allocated ${order.plates.join(', ')}: follow each plate below.` : 'Approved.',
      };
    case 'Reserved':
      return {
        label: 'Reserved',
        palette,
        detail: order.reservedUntil ? `Held for you until ${formatDay(order.reservedUntil)}.` : 'Held for you.',
      };
    case 'Payment declined':
      return { label: 'Payment declined', palette, detail: 'Nothing was charged. Pay again to have it reviewed.' };
    case 'Awaiting payment':
      return {
        label: 'Awaiting payment',
        palette,
        detail: order.payment
          ? `Payment ${order.payment.reference} (${order.payment.methodName}) is waiting to be completed.`
          : 'Not paid yet.',
      };
    case 'Under review':
      return { label: 'Under review', palette, detail: 'Paid; an administrator is reviewing it.' };
    case 'Paid':
      return {
        label: 'Paid',
        palette,
        detail: 'Paid; waiting for an administrator’s approval (usually within 24 hours).',
      };
  }
}

/** Whether the owner has something to pay on this order now. */
export function isPaymentDue(order: Pick<OwnerOrder, 'status'>): boolean {
  return order.status === 'Awaiting payment' || order.status === 'Payment declined';
}

/**
 * Orders still in progress. An approved application lives on in its plates, which are
 * listed themselves; it stays an order only until they have reached this device.
 */
export function inProgress(order: Pick<OwnerOrder, 'status' | 'plates'>, heldNumbers: ReadonlySet<string>): boolean {
  return order.status !== 'Approved' || order.plates.some((plate) => !heldNumbers.has(plate));
}
