// What a payer is shown first once a payment has been started: what happened to it
// (paid, declined, waiting on the handset or the bank transfer…), in which colour and
// with which icon, and what to do next. Every outcome screen — the application wizard,
// the marketplace's Buy Now and Reserve, a renewal — reads its lead from here, so a
// declined card can never be announced as a success on one screen and not another.
import { formatKwacha, ngwee } from '../money/money';
import { type PaymentMethodId, paymentMethodName } from '../pricing/pricing';
import { formatReservationDate } from '../purchases/reservation';
import { quantityLabel } from '../applications/plate-count';
import type { Receipt } from './receipt';

/**
 * How long a bank transfer holds a marketplace plate for its buyer. A transfer takes days,
 * not minutes like a phone prompt; three days covers a transfer made on a Friday and
 * credited on the Monday, and the plate is back for sale if the money never comes.
 */
export const BANK_TRANSFER_HOLD_MS = 3 * 24 * 60 * 60 * 1000;

/** When a bank transfer's hold on a marketplace plate, started at `createdAt`, ends. */
export function bankTransferHoldEnds(createdAt: string): Date {
  return new Date(Date.parse(createdAt) + BANK_TRANSFER_HOLD_MS);
}

/** What the payment was for, with the facts the words need. */
export type PaymentOutcomeSubject =
  | { purpose: 'application'; numberOfPlates: number; applicationReference: string }
  | { purpose: 'purchase'; plateNumber: string }
  | { purpose: 'reservation'; plateNumber: string; reservedUntil: string | null }
  | { purpose: 'renewal'; plateNumber: string };

export type PaymentOutcomePayment = Pick<
  Receipt,
  'status' | 'method' | 'amount' | 'reference' | 'declineReason' | 'payerPhone' | 'refundDue' | 'createdAt'
>;

export type PaymentOutcomeKind =
  | 'not-confirmed'
  | 'paid'
  | 'refund-due'
  | 'declined'
  | 'timed-out'
  | 'cancelled'
  | 'awaiting-handset'
  | 'awaiting-card'
  | 'awaiting-transfer';

export interface PaymentOutcome {
  kind: PaymentOutcomeKind;
  /** Green for done, red for not paid, orange while the payer still has something to do. */
  palette: 'green' | 'red' | 'orange';
  icon: 'check' | 'warning' | 'phone' | 'clock';
  heading: string;
  /** What happened, in a sentence or two. */
  text: string;
  /** What the payer does now, or what happens next without them. */
  nextStep: string;
  /** The payment is over without the money: the screen offers another attempt. */
  mayPayAgain: boolean;
}

/** The spec's confirmation heading, shown only once the application is really paid for. */
export const APPLICATION_SUBMITTED = 'Application Submitted!';

const isMobileMoney = (method: PaymentMethodId) => method === 'mtn' || method === 'airtel';

/** What the payment secures, in the words of the sentence "… is saved / unchanged". */
function standing(subject: PaymentOutcomeSubject): string {
  switch (subject.purpose) {
    case 'application':
      return `Your application ${subject.applicationReference} is saved, but it is not processed until it is paid.`;
    case 'purchase':
      return `Plate ${subject.plateNumber} is not yours yet and is no longer held for you.`;
    case 'reservation':
      return `Plate ${subject.plateNumber} is not reserved and is no longer held for you.`;
    case 'renewal':
      return `The registration of plate ${subject.plateNumber} is unchanged.`;
  }
}

/** How to try again after a payment that did not go through: on this screen, or where the payer goes for it. */
function tryAgain(subject: PaymentOutcomeSubject, method: PaymentMethodId, isAgainHere: boolean): string {
  const how =
    method === 'card'
      ? 'Try another card, or pay by mobile money or bank transfer'
      : 'Pay again with the same or another method';
  // A receipt offers no new attempt itself: it says where one is made (and links there).
  if (!isAgainHere)
    switch (subject.purpose) {
      case 'application':
        return `${how} from My Plates & Orders.`;
      case 'purchase':
      case 'reservation':
        return `${how} in the marketplace while the plate is still available.`;
      case 'renewal':
        return `${how} from My Dashboard.`;
    }
  switch (subject.purpose) {
    case 'application':
      return `${how} below, or later from My Plates & Orders.`;
    case 'purchase':
    case 'reservation':
      return `${how}: choose Try again while the plate is still available.`;
    case 'renewal':
      return `${how}: choose Try again.`;
  }
}

/** While the payer still has to act: what waits on them, and what the payment then does. */
function whenApproved(subject: PaymentOutcomeSubject): string {
  switch (subject.purpose) {
    case 'application':
      return `Your application ${subject.applicationReference} is saved; it is submitted for processing as soon as the payment is approved.`;
    case 'purchase':
      return `Plate ${subject.plateNumber} is held for you until then, and is yours once the payment is approved.`;
    case 'reservation':
      return `Plate ${subject.plateNumber} is held for you until then, and reserved for you once the payment is approved.`;
    case 'renewal':
      return `Plate ${subject.plateNumber} is renewed as soon as the payment is approved.`;
  }
}

/** What a confirmed bank transfer then does, ending the sentence "you are told…; …". */
function afterTransfer(subject: PaymentOutcomeSubject): string {
  switch (subject.purpose) {
    case 'application':
      return `your application ${subject.applicationReference} then goes for processing.`;
    case 'purchase':
      return `plate ${subject.plateNumber} is then yours.`;
    case 'reservation':
      return `plate ${subject.plateNumber} is then reserved for you.`;
    case 'renewal':
      return `plate ${subject.plateNumber} is then renewed.`;
  }
}

function paid(subject: PaymentOutcomeSubject, amount: string): Pick<PaymentOutcome, 'heading' | 'text' | 'nextStep'> {
  switch (subject.purpose) {
    case 'application':
      return {
        heading: APPLICATION_SUBMITTED,
        text: `Your application for ${quantityLabel(subject.numberOfPlates)} has been submitted successfully. You will receive a confirmation email shortly.`,
        nextStep: 'An administrator reviews it; the steps below say what follows.',
      };
    case 'purchase':
      return {
        heading: 'The plate is yours',
        text: `Your payment of ${amount} for plate ${subject.plateNumber} was received.`,
        nextStep:
          'A plate shop will make it, and you will be told when it is ready for collection. Follow it in My Plates & Orders.',
      };
    case 'reservation': {
      const until = subject.reservedUntil === null ? Number.NaN : Date.parse(subject.reservedUntil);
      return {
        heading: Number.isNaN(until)
          ? 'Reserved for you'
          : `Reserved for you until ${formatReservationDate(new Date(until))}`,
        text: `Your payment of ${amount} to reserve plate ${subject.plateNumber} was received.`,
        nextStep:
          'Buy it in the marketplace before the reservation ends; the reservation fee is deducted from the price.',
      };
    }
    case 'renewal':
      return {
        heading: `Plate ${subject.plateNumber} is renewed`,
        text: `Your payment of ${amount} was received.`,
        nextStep:
          'Its new certificate and QR code reach this device with the next sync; the old QR code now reads as replaced.',
      };
  }
}

/**
 * The lead of an outcome screen for this payment of this subject. `isAgainHere`: the screen itself
 * offers a new attempt (the wizard, a checkout); a receipt does not, and says where to go instead.
 */
export function paymentOutcome(
  payment: PaymentOutcomePayment | null,
  subject: PaymentOutcomeSubject,
  { isAgainHere = true }: { isAgainHere?: boolean } = {},
): PaymentOutcome {
  // The server kept what was asked for but did not answer with its payment: claim nothing.
  if (payment === null) {
    return {
      kind: 'not-confirmed',
      palette: 'orange',
      icon: 'clock',
      heading: 'Payment not confirmed',
      text:
        subject.purpose === 'application'
          ? `Your application ${subject.applicationReference} is saved, but no payment for it was confirmed here.`
          : 'No payment was confirmed here.',
      nextStep: 'Check its payment in My Plates & Orders, and pay for it there if it is not paid.',
      mayPayAgain: false,
    };
  }
  const amount = formatKwacha(ngwee(payment.amount));
  const method = paymentMethodName(payment.method);
  switch (payment.status) {
    case 'approved':
      if (payment.refundDue) {
        return {
          kind: 'refund-due',
          palette: 'orange',
          icon: 'warning',
          heading: 'Your payment will be refunded',
          text: `Your payment of ${amount} was approved after the plate it was for had been taken, so the full amount will be refunded.`,
          nextStep: 'Choose another plate in the marketplace.',
          mayPayAgain: false,
        };
      }
      return { kind: 'paid', palette: 'green', icon: 'check', ...paid(subject, amount), mayPayAgain: false };
    case 'declined':
      return {
        kind: 'declined',
        palette: 'red',
        icon: 'warning',
        heading: payment.method === 'card' ? 'Card payment declined' : 'Payment declined',
        text: `Your payment of ${amount} by ${method} was declined${payment.declineReason ? `: ${payment.declineReason.replace(/[.!]$/, '')}` : ''}. Nothing was charged. ${standing(subject)}`,
        nextStep: tryAgain(subject, payment.method, isAgainHere),
        mayPayAgain: true,
      };
    case 'timed_out':
      return {
        kind: 'timed-out',
        palette: 'red',
        icon: 'warning',
        // A card times out when the provider closes its page left unused (30 minutes in the sandbox).
        heading: payment.method === 'card' ? 'Card page closed' : 'Payment not approved in time',
        text:
          payment.method === 'card'
            ? `The card page for ${amount} was left unused and closed. Nothing was charged. ${standing(subject)}`
            : `The ${method} request for ${amount} was not approved on the phone in time. Nothing was charged. ${standing(subject)}`,
        nextStep: tryAgain(subject, payment.method, isAgainHere),
        mayPayAgain: true,
      };
    case 'cancelled':
      return {
        kind: 'cancelled',
        palette: 'red',
        icon: 'warning',
        heading: 'Payment cancelled',
        text: `Your ${method} payment of ${amount} was cancelled. Nothing was charged. ${standing(subject)}`,
        nextStep: tryAgain(subject, payment.method, isAgainHere),
        mayPayAgain: true,
      };
    case 'pending':
      if (isMobileMoney(payment.method)) {
        return {
          kind: 'awaiting-handset',
          palette: 'orange',
          icon: 'phone',
          heading: 'Approve the payment on your phone',
          text: `A request to pay ${amount} by ${method} was sent to ${payment.payerPhone ?? 'your phone'}. Nothing is paid until you approve it. ${whenApproved(subject)}`,
          nextStep:
            'Approve the prompt on your phone with your mobile money PIN before it times out; this page updates by itself.',
          mayPayAgain: false,
        };
      }
      if (payment.method === 'bank') {
        const held =
          subject.purpose === 'purchase' || subject.purpose === 'reservation'
            ? ` The plate is held for you until ${formatReservationDate(bankTransferHoldEnds(payment.createdAt))}.`
            : '';
        return {
          kind: 'awaiting-transfer',
          palette: 'orange',
          icon: 'clock',
          heading: 'Waiting for your bank transfer',
          text: `Transfer ${amount} quoting the reference ${payment.reference}; the bank details are below. Nothing is paid until the money arrives.${held}`,
          nextStep: `Once the money arrives the transfer is confirmed and you are told by email and SMS; ${afterTransfer(subject)}`,
          mayPayAgain: false,
        };
      }
      return {
        kind: 'awaiting-card',
        palette: 'orange',
        icon: 'clock',
        heading: 'Pay on the card page',
        text: `Nothing has been charged yet. ${whenApproved(subject)}`,
        // The card is entered on the card provider's own page, never in Nambala (decision 061).
        nextStep: `Pay ${amount} on the card provider's page; you come back here when it is done.`,
        mayPayAgain: false,
      };
  }
}
