/**
 * Submitting the wizard's application and paying for it. The request and its first
 * payment are stored in one transaction under the device's application id, so a submit
 * repeated after a lost answer finds them instead of making a second request or charge;
 * the provider is asked to collect after that transaction commits.
 */
import { formatOrderReferences } from '#domain/orders/order-references';
import { type Application, applicationVehicle } from '#domain/applications/application-form';
import { type CollectionChoice, deliveryLine, type DeliverySettings } from '#domain/collection/collection';
import {
  gatewayFeeLabel,
  type PaymentMethodId,
  paymentMethodName,
  priceBreakdown,
  type PricingSettings,
} from '#domain/pricing/pricing';
import { quantityLabel } from '#domain/applications/review';
import { formatKwacha, ngwee } from '#domain/money/money';
import { paymentRepository, type StoredPayment } from '../repositories/payment-repository';
import { applicationRepository, type StoredApplication } from '../repositories/application-repository';
import { numberRepository } from '../repositories/number-repository';
import type { PlateNumber } from '#domain/plates/plate-number';
import { holdChosenNumbers } from '../numbers/chosen-numbers';
import { chosenNumbersProblem } from '#domain/plates/requestable-number';
import { settingsRepository } from '../repositories/settings-repository';
import { checkedCollection } from './collection-choice';
import { type PaymentContext, type PaymentService, type ReceiptLine, recordPayment } from './payment-service';
import type { CheckedDetails, PaymentDetails } from './provider';
import { Refusal } from './refusal-reply';

export const APPLICATION_ID_TAKEN = 'This application id is already in use.';
export const APPLICATION_CHANGED =
  'This application was already submitted with other details. Start a new application to change them.';
export const APPLICATION_NOT_FOUND = 'This application was not found.';
export const APPLICATION_REJECTED = 'This application was rejected, so it cannot be paid.';
export const APPLICATION_PAID = 'This application is already paid.';
export const APPLICATION_PAYMENT_RUNNING =
  'A payment for this application is still in progress. Finish it, or wait for it to time out.';
export const NOTHING_TO_PAY =
  'This application costs nothing at the current prices; an administrator needs to check the prices.';

export interface ApplicationSubmission extends Application, Partial<CollectionChoice> {
  /** The device's id for the application (a UUID). */
  id: string;
  /** The wallet number for mobile money, when it is not the phone number given in step 1. */
  payerPhone?: string;
  /** Numbers the buyer chose (docs/plate-numbers.md); the rest of the plates get numbers at approval. */
  plateNumbers?: PlateNumber[];
}

export interface PaymentAttempt extends PaymentDetails {
  idempotencyKey: string;
  method: PaymentMethodId;
}

export interface SubmissionResult {
  request: StoredApplication;
  payment: StoredPayment | undefined;
  replayed: boolean;
}

/**
 * What an application of `quantity` plates costs with `method`: the wizard's breakdown as receipt
 * lines, with the delivery fee when the plates are to be delivered (to `delivery.address`).
 */
export function applicationLines(
  quantity: number,
  method: PaymentMethodId,
  settings: PricingSettings,
  delivery: { address: string | null; settings: DeliverySettings } = {
    address: null,
    settings: { offered: false, fee: ngwee(0) },
  },
): { amount: number; lines: ReceiptLine[] } {
  const breakdown = priceBreakdown(quantity, method, settings);
  const gateway = breakdown.gatewayFee ?? ngwee(0);
  const deliveryFee = deliveryLine(delivery.address, delivery.settings);
  return {
    amount: breakdown.total + (deliveryFee?.amount ?? 0),
    lines: [
      {
        kind: 'plates',
        label: `${quantityLabel(quantity)} × ${formatKwacha(settings.platePrice)}`,
        amount: breakdown.plateSubtotal,
      },
      { kind: 'processing', label: 'Processing fee', amount: breakdown.processingFee },
      {
        kind: 'gateway',
        label: `Gateway fee (${paymentMethodName(method)}, ${gatewayFeeLabel(method, settings)})`,
        amount: gateway,
      },
      ...(deliveryFee ? [deliveryFee] : []),
    ],
  };
}

export const applicationDescription = (request: Pick<StoredApplication, 'reference' | 'id' | 'quantity'>) =>
  `Application ${formatOrderReferences({ reference: request.reference, requestId: request.id })} for ${quantityLabel(request.quantity)}`;

export function applicationCheckout(context: PaymentContext, payments: PaymentService) {
  const { db, provider, now } = context;

  /** Checks the method's details; a phone problem is reported on the field the applicant typed it in. */
  function checkDetails(method: PaymentMethodId, details: PaymentDetails, phoneField: string): CheckedDetails {
    const check = provider.checkDetails(method, details);
    if (check.ok) return check.details;
    throw new Refusal(400, check.message, { [phoneField]: check.message });
  }

  return {
    async submit(applicantId: string, application: ApplicationSubmission): Promise<SubmissionResult> {
      const requests = applicationRepository(db);
      const replay = async (stored: StoredApplication): Promise<SubmissionResult> => {
        if (stored.applicantId !== applicantId) throw new Refusal(409, APPLICATION_ID_TAKEN);
        const first = await paymentRepository(db).findByKey(applicantId, application.id);
        const chosen = (await numberRepository(db).requestedOf([stored.id])).get(stored.id)?.numbers ?? [];
        if (
          stored.quantity !== application.numberOfPlates ||
          (first && first.method !== application.paymentMethod) ||
          chosen.join() !== (application.plateNumbers ?? []).join()
        )
          throw new Refusal(409, APPLICATION_CHANGED);
        return { request: stored, payment: (await paymentRepository(db).forRequest(stored.id))[0], replayed: true };
      };
      const earlier = await requests.findByApplicationId(application.id);
      if (earlier) return replay(earlier);
      const tooMany = chosenNumbersProblem(application.plateNumbers ?? [], application.numberOfPlates);
      if (tooMany) throw new Refusal(400, tooMany, { plateNumbers: tooMany });

      const details = checkDetails(
        application.paymentMethod,
        { phone: application.payerPhone ?? application.phoneNumber },
        application.payerPhone === undefined ? 'phoneNumber' : 'payerPhone',
      );
      const stored = await db.transaction(async (tx) => {
        const at = now();
        const collection = await checkedCollection(tx, application);
        const inserted = await applicationRepository(tx).insert({
          applicationId: application.id,
          applicantId,
          applicantName: application.fullName,
          nrcNumber: application.nrcNumber,
          phone: application.phoneNumber,
          email: application.email,
          address: application.address,
          vehicle: applicationVehicle(application),
          quantity: application.numberOfPlates,
          paymentMethod: application.paymentMethod,
          createdAt: at,
        });
        // Sent twice at once: the other submit stored it first.
        if (!inserted) return undefined;
        await applicationRepository(tx).setCollection(inserted.id, collection);
        const request: StoredApplication = {
          ...inserted,
          chosenShopId: collection.shopId,
          deliveryDestination: collection.deliveryAddress,
        };
        // Refused here, before the payment below is recorded: the whole application rolls back.
        await holdChosenNumbers(tx, request.id, application.plateNumbers ?? [], at);
        const { settings } = await settingsRepository(tx).pricing();
        const charge = applicationLines(request.quantity, application.paymentMethod, settings, {
          address: collection.deliveryAddress,
          settings: collection.delivery,
        });
        if (charge.amount <= 0) throw new Refusal(409, NOTHING_TO_PAY);
        const payment = await recordPayment(tx, provider, {
          payerId: applicantId,
          idempotencyKey: application.id,
          purpose: 'application',
          requestId: request.id,
          description: applicationDescription(request),
          method: application.paymentMethod,
          amount: ngwee(charge.amount),
          lines: charge.lines,
          details,
          at,
        });
        return { request, payment };
      });
      if (!stored) {
        const concurrent = await requests.findByApplicationId(application.id);
        if (!concurrent) throw new Error(`application ${application.id} neither stored nor found`);
        return replay(concurrent);
      }
      return { request: stored.request, payment: await payments.collect(stored.payment, details), replayed: false };
    },

    /** A new payment for an application whose earlier one was declined or timed out. */
    async pay(applicationId: string, applicantId: string, attempt: PaymentAttempt): Promise<SubmissionResult> {
      const found = await applicationRepository(db).findByApplicationId(applicationId);
      if (!found || found.applicantId !== applicantId) throw new Refusal(404, APPLICATION_NOT_FOUND);
      const details = checkDetails(attempt.method, { phone: attempt.phone ?? found.orderInfo.phone }, 'phone');
      const started = await db.transaction(async (tx) => {
        const requests = applicationRepository(tx);
        const request = (await requests.findByApplicationId(applicationId, { forUpdate: true })) ?? found;
        const paymentsOf = paymentRepository(tx);
        const earlier = await paymentsOf.findByKey(applicantId, attempt.idempotencyKey);
        if (earlier) {
          if (earlier.requestId !== request.id || earlier.method !== attempt.method)
            throw new Refusal(409, APPLICATION_CHANGED);
          return { request, payment: earlier, replayed: true };
        }
        if (request.status === 'Rejected') throw new Refusal(409, APPLICATION_REJECTED);
        const at = now();
        const standing = (await paymentsOf.forRequest(request.id)).map(
          (payment) => payments.current(payment, at).status,
        );
        if (standing.includes('approved')) throw new Refusal(409, APPLICATION_PAID);
        if (standing.includes('pending')) throw new Refusal(409, APPLICATION_PAYMENT_RUNNING);
        const { settings } = await settingsRepository(tx).pricing();
        const { settings: delivery } = await settingsRepository(tx).delivery();
        const charge = applicationLines(request.quantity, attempt.method, settings, {
          address: request.deliveryDestination,
          settings: delivery,
        });
        if (charge.amount <= 0) throw new Refusal(409, NOTHING_TO_PAY);
        const payment = await recordPayment(tx, provider, {
          payerId: applicantId,
          idempotencyKey: attempt.idempotencyKey,
          purpose: 'application',
          requestId: request.id,
          description: applicationDescription(request),
          method: attempt.method,
          amount: ngwee(charge.amount),
          lines: charge.lines,
          details,
          at,
        });
        await requests.setPaymentMethod(request.id, attempt.method);
        return { request, payment, replayed: false };
      });
      if (started.replayed) return started;
      return { ...started, payment: await payments.collect(started.payment, details) };
    },
  };
}
