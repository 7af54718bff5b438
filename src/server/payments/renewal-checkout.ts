/**
 * Renewing a plate's registration: the owner pays the renewal fee (a setting) through the
 * payment provider; when the payment is approved the registration is re-issued with the
 * new expiry (applyRenewal in src/server/lifecycle/reissue.ts, called by the payment
 * service). One transaction locks the plate's row, checks the plate may be renewed today
 * and that no renewal payment of it is still running, and records the pending payment;
 * the provider is asked to collect after it commits. A repeated key finds its payment.
 */
import { isoDateOf } from '#domain/credential/credential';
import { ngwee } from '#domain/money/money';
import { renewableFrom, renewalRefusal, renewedExpiry } from '#domain/plates/renewal';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { paymentRepository, type StoredPayment } from '../repositories/payment-repository';
import { plateRepository } from '../repositories/plate-repository';
import { registryRepository } from '../repositories/registry-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { KEY_REUSED, NOTHING_TO_PAY } from './marketplace-checkout';
import { type PaymentContext, type PaymentService, recordPayment } from './payment-service';
import type { PaymentDetails } from './provider';
import { Refusal } from './refusal-reply';
import { formatDay } from '#domain/dates/calendar-day';

export const NOT_YOUR_PLATE_TO_RENEW = "Only the plate's registered owner can renew it.";
export const renewalRunning = (plateNumber: string) =>
  `A renewal payment for plate ${plateNumber} is still in progress. Finish it, or wait for it to time out before trying again.`;
export const notYours = (plateNumber: string) => `Plate ${plateNumber} is not one of your plates.`;
export const notRegistered = (plateNumber: string) =>
  `Plate ${plateNumber} is not registered yet: a registration can be renewed once a shop has registered the plate to a vehicle.`;

export interface RenewalRequest extends PaymentDetails {
  idempotencyKey: string;
  method: PaymentMethodId;
}

export interface RenewalResult {
  payment: StoredPayment;
  replayed: boolean;
}

/** What renewing the plate today would cost and give, by the server's clock and settings. */
export interface RenewalQuote {
  plateNumber: string;
  expiryDate: string;
  isExpired: boolean;
  renewableFrom: string;
  /** Ngwee. */
  fee: number;
  validityYears: number;
  newExpiryDate: string;
  /** Why it cannot be renewed today; null when it can. */
  refusal: string | null;
}

export function renewalCheckout(context: PaymentContext, payments: PaymentService) {
  const { db, provider, now } = context;

  const replay = (payment: StoredPayment, plateNumber: string, method: PaymentMethodId): RenewalResult => {
    if (payment.purpose !== 'renewal' || payment.plateNumber !== plateNumber || payment.method !== method)
      throw new Refusal(409, KEY_REUSED);
    return { payment, replayed: true };
  };

  return {
    /** Someone else's plate reads as not found: a quote tells nothing of plates that are not the caller's. */
    async quote(ownerId: string, plateNumber: string): Promise<RenewalQuote> {
      const plate = await plateRepository(db).find(plateNumber);
      if (!plate || plate.ownerId !== ownerId) throw new Refusal(404, notYours(plateNumber));
      const registration = await registryRepository(db).find(plateNumber);
      if (plate.stage !== 'Registered' || !registration) throw new Refusal(409, notRegistered(plateNumber));
      const today = isoDateOf(now().getTime());
      const { settings } = await settingsRepository(db).pricing();
      return {
        plateNumber,
        expiryDate: registration.expiryDate,
        isExpired: today > registration.expiryDate,
        renewableFrom: renewableFrom(registration.expiryDate),
        fee: settings.renewalFee,
        validityYears: settings.validityYears,
        newExpiryDate: renewedExpiry(registration.expiryDate, today, settings.validityYears),
        refusal: renewalRefusal(registration, today) ?? null,
      };
    },

    async start(ownerId: string, plateNumber: string, request: RenewalRequest): Promise<RenewalResult> {
      const check = provider.checkDetails(request.method, { phone: request.phone });
      if (!check.ok) throw new Refusal(400, check.message, { [check.field]: check.message });
      const earlier = await paymentRepository(db).findByKey(ownerId, request.idempotencyKey);
      if (earlier) return replay(earlier, plateNumber, request.method);

      const started = await db.transaction(async (tx): Promise<RenewalResult> => {
        const plate = await plateRepository(tx).find(plateNumber, { forUpdate: true });
        if (!plate || plate.ownerId !== ownerId) throw new Refusal(403, NOT_YOUR_PLATE_TO_RENEW);
        // Sent twice at once: the other request holds the plate's lock until its payment is stored.
        const concurrent = await paymentRepository(tx).findByKey(ownerId, request.idempotencyKey);
        if (concurrent) return replay(concurrent, plateNumber, request.method);
        const registration = await registryRepository(tx).find(plateNumber);
        if (plate.stage !== 'Registered' || !registration) throw new Refusal(409, notRegistered(plateNumber));
        const at = now();
        const today = isoDateOf(at.getTime());
        const refusal = renewalRefusal(registration, today);
        if (refusal) throw new Refusal(409, refusal);
        const running = (await paymentRepository(tx).forPlate(plateNumber, 'renewal')).some(
          (payment) => payments.current(payment, at).status === 'pending',
        );
        if (running) throw new Refusal(409, renewalRunning(plateNumber));
        const { settings } = await settingsRepository(tx).pricing();
        if (settings.renewalFee <= 0) throw new Refusal(409, NOTHING_TO_PAY);
        const expiryDate = renewedExpiry(registration.expiryDate, today, settings.validityYears);
        const payment = await recordPayment(tx, provider, {
          payerId: ownerId,
          idempotencyKey: request.idempotencyKey,
          purpose: 'renewal',
          plateNumber,
          description: `Renewal of plate ${plateNumber} until ${formatDay(expiryDate)}`,
          method: request.method,
          amount: ngwee(settings.renewalFee),
          lines: [
            {
              kind: 'renewal-fee',
              label: `Renewal fee (${settings.validityYears} years)`,
              amount: settings.renewalFee,
            },
          ],
          details: check.details,
          at,
        });
        return { payment, replayed: false };
      });
      if (started.replayed) return started;
      return { payment: await payments.collect(started.payment, check.details), replayed: false };
    },
  };
}
