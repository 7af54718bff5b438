/**
 * What a receipt says besides the figures, for the payer who comes back to it from the card
 * provider's page (decision 061): a payment that did not go through leads with what happened
 * (the domain's paymentOutcome: the heading, "Nothing was charged", what to do) and where to pay
 * again; a paid application leads with the spec's "Application Submitted!". The receipt of an
 * application's payment then gives the application's reference, the numbers chosen and the
 * Next Steps as the wizard's confirmation gives them, from the buyer's order on this device.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { collectionNextStep, type PlateShop } from '#domain/collection/collection';
import { ngwee } from '#domain/money/money';
import { type PaymentOutcome, paymentOutcome } from '#domain/payments/payment-outcome';
import { receiptSubject } from '#domain/payments/receipt-subject';
import type { OwnerOrder } from '#domain/plates/owner-order';
import { ApplicationNextSteps } from '../../applications/application-next-steps';
import { ChosenNumbersSummary } from '../../applications/chosen-numbers-summary';
import { usePlateShops } from '../../collection/plate-shops';
import { paths } from '../../config/paths';
import type { Receipt } from '../../payments/payment-api';
import { PaymentOutcomeSummary } from '../../payments/payment-outcome-summary';
import { useStoreQuery } from '../../store/use-store-query';

/** The outcome a receipt leads with, or null when its details say enough (pending, or a paid purchase…). */
export function receiptOutcome(payment: Receipt): PaymentOutcome | null {
  const outcome = paymentOutcome(payment, receiptSubject(payment), { isAgainHere: false });
  if (outcome.mayPayAgain) return outcome;
  return outcome.kind === 'paid' && payment.purpose === 'application' ? outcome : null;
}

/** Where the payer pays again after a payment that did not go through. */
export function payAgainLink(payment: Pick<Receipt, 'purpose' | 'description'>): { to: string; label: string } {
  const subject = receiptSubject(payment);
  switch (subject.purpose) {
    case 'application':
      return {
        to: paths.dashboard.user.plates,
        label: `Pay for ${subject.applicationReference} in My Plates & Orders`,
      };
    case 'purchase':
    case 'reservation': {
      // The marketplace opens the plate's dialog from its address, on the tab the payment was for.
      const isKnown = subject.plateNumber !== 'the plate';
      const query = new URLSearchParams(isKnown ? { open: subject.plateNumber } : {});
      if (isKnown && subject.purpose === 'reservation') query.set('tab', 'reserve');
      const search = query.toString();
      return {
        to: `${paths.marketplace}${search ? `?${search}` : ''}`,
        label: isKnown ? `Try again for ${subject.plateNumber} in the marketplace` : 'Try again in the marketplace',
      };
    }
    case 'renewal':
      return { to: paths.dashboard.root, label: `Renew ${subject.plateNumber} from My Dashboard` };
  }
}

/** A later payment of the same application that went through: this one needs no new attempt. */
export function paidSince(payment: Receipt, order: OwnerOrder | null | undefined): string | null {
  const latest = order?.payment;
  if (!latest || latest.id === payment.id || latest.status !== 'approved') return null;
  return `${order.reference} has since been paid with ${latest.reference}.`;
}

/**
 * The receipt's lead: what happened and, when it did not go through, where to pay again
 * (unless the application it was for has been paid since, as the buyer's order says).
 */
export function ReceiptOutcome({ payment, order }: { payment: Receipt; order?: OwnerOrder | null }) {
  const outcome = receiptOutcome(payment);
  if (!outcome) return null;
  const since = outcome.mayPayAgain ? paidSince(payment, order) : null;
  const again = outcome.mayPayAgain && !since ? payAgainLink(payment) : null;
  return (
    <Stack gap="3">
      <PaymentOutcomeSummary outcome={outcome} headingLevel="h2" />
      {since && <Text fontWeight="semibold">{since}</Text>}
      {again && (
        <Button
          asChild
          colorPalette="brand"
          alignSelf="flex-start"
          whiteSpace="normal"
          h="auto"
          py="2"
          data-print-hidden
        >
          <Link to={again.to}>{again.label}</Link>
        </Button>
      )}
    </Stack>
  );
}

/** The application's Delivery step as the buyer chose it: the shop (with its place when known) or delivery. */
export function chosenCollectionStep(
  order: Pick<OwnerOrder, 'chosenShop' | 'chosenShopId' | 'deliveryAddress'>,
  shops: readonly PlateShop[],
  payment: Pick<Receipt, 'lines'>,
): { title: string; text: string } | undefined {
  if (order.chosenShop === undefined) return undefined;
  const known = shops.find((shop) => shop.id === order.chosenShopId);
  const shop = known ?? (order.chosenShop === null ? null : { name: order.chosenShop, address: null, hours: null });
  const fee = payment.lines.find((line) => line.kind === 'delivery')?.amount ?? 0;
  return collectionNextStep({ shop, deliveryAddress: order.deliveryAddress ?? null }, ngwee(fee));
}

/** The application a receipt paid for, as the buyer's order on this device (null: not there yet). */
export function useApplicationOrder(requestId: string | null): OwnerOrder | null | undefined {
  return useStoreQuery(async (db) => (requestId ? ((await db.myOrders.get(requestId)) ?? null) : null), [requestId]);
}

interface ApplicationFactsProps {
  payment: Receipt;
  order: OwnerOrder | null;
  shops: readonly PlateShop[];
}

/** The application's reference, chosen numbers and Next Steps, as the wizard's confirmation gives them. */
export function ApplicationFacts({ payment, order, shops }: ApplicationFactsProps) {
  const subject = receiptSubject(payment);
  if (subject.purpose !== 'application') return null;
  const isPaid = payment.status === 'approved' && !payment.refundDue;
  return (
    <Stack gap="4" data-print-hidden>
      <Stack gap="1" borderWidth="1px" borderColor="brand.muted" bg="brand.subtle" rounded="lg" px="6" py="4">
        <Text fontSize="sm" color="fg.muted">
          Reference Number
        </Text>
        <Text fontSize="xl" fontWeight="bold" fontFamily="mono" letterSpacing="wide" color="brand.fg">
          {order?.reference ?? subject.applicationReference}
        </Text>
      </Stack>
      <ChosenNumbersSummary
        numbers={order?.requestedNumbers ?? []}
        numberOfPlates={order?.quantity ?? subject.numberOfPlates}
      />
      <ApplicationNextSteps
        headingLevel="h2"
        collectionStep={order ? chosenCollectionStep(order, shops, payment) : undefined}
        lead={isPaid ? undefined : 'Once the application is paid:'}
      />
    </Stack>
  );
}

/** The receipt's application part, with the plate shops' list for the chosen shop's address and hours. */
export function ReceiptApplication({ payment, order }: { payment: Receipt; order: OwnerOrder | null }) {
  const { shops } = usePlateShops();
  return <ApplicationFacts payment={payment} order={order} shops={shops} />;
}
