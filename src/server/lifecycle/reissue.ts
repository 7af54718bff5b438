/**
 * A registered plate's registration issued again, inside the caller's transaction: to a
 * new owner (a transfer) or with a new expiry (a renewal). The registry row gets the new
 * owner or dates and a newly signed credential; the older credentials go on every
 * device's revocation list as replaced (decision 018); the owner's view of the plate
 * moves to the owner's devices (and off a previous owner's).
 */
import { isoDateOf } from '#domain/credential/credential';
import { reissueDate } from '#domain/plates/reissue';
import { renewalRefusal, renewedExpiry } from '#domain/plates/renewal';
import { signCredentialWith } from '../credentials/issue';
import type { Signer } from '../credentials/key-store';
import type { Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { queuePlateEvent } from '../partners/webhooks';
import { auditRepository } from '../repositories/audit-repository';
import type { StoredPayment } from '../repositories/payment-repository';
import { plateRepository } from '../repositories/plate-repository';
import { type RegisteredPlate, registryRepository } from '../repositories/registry-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { plateLifecycle } from './plate-lifecycle';
import { formatDay } from '#domain/dates/calendar-day';

export interface Reissue {
  plateNumber: string;
  /** The account the registration belongs to afterwards. */
  ownerId: string;
  ownerName: string;
  ownerNrc: string;
  expiryDate: string;
  at: Date;
}

export interface Reissued {
  before: RegisteredPlate;
  after: RegisteredPlate;
  previousOwnerId: string | null;
}

/**
 * Re-issues the plate's registration (the caller has locked the plate's row and checked
 * that it may be). Dated the day of `at`, or the day after the registration it replaces
 * when that one is dated today already (src/domain/plates/reissue.ts).
 */
export async function reissueRegistration(tx: Queryable, signer: Signer, input: Reissue): Promise<Reissued> {
  const registry = registryRepository(tx);
  const plates = plateRepository(tx);
  const before = await registry.find(input.plateNumber);
  if (!before) throw new Error(`plate ${input.plateNumber} is not in the registry`);
  const held = await plates.find(input.plateNumber);
  const registrationDate = reissueDate(isoDateOf(input.at.getTime()), before.registrationDate);
  await signer.catchUp?.(tx);
  const credential = signCredentialWith(signer, {
    plateNumber: before.plateNumber,
    make: before.make,
    model: before.model,
    colour: before.colour,
    registrationDate,
    expiryDate: input.expiryDate,
  });
  const after = await registry.reissue({
    plateNumber: before.plateNumber,
    make: before.make,
    model: before.model,
    colour: before.colour,
    year: before.year,
    chassisNumber: before.chassisNumber,
    ownerName: input.ownerName,
    ownerNrc: input.ownerNrc,
    registrationDate,
    expiryDate: input.expiryDate,
    standing: 'Valid',
    keyId: signer.keyId,
    credential,
    bucket: before.bucket,
    ownerId: input.ownerId,
  });
  if (!after) throw new Error(`plate ${input.plateNumber} left the registry while being re-issued`);
  await registry.supersede(input.plateNumber, registrationDate, input.at);
  const previousOwnerId = held?.ownerId ?? null;
  if (held && held.ownerId !== input.ownerId) await plates.setOwner(input.plateNumber, input.ownerId);
  await plateLifecycle(tx).publish(input.plateNumber, previousOwnerId ?? undefined);
  // Partners following the plate are told, by a delivery committed with the re-issue (docs/partner-api.md).
  const isTransfer = previousOwnerId !== null && previousOwnerId !== input.ownerId;
  await queuePlateEvent(tx, isTransfer ? 'plate.transferred' : 'plate.renewed', input.plateNumber, input.at);
  return { before, after, previousOwnerId };
}

/**
 * What an approved renewal payment does: the payer's plate re-issued with the new expiry,
 * the owner told, the renewal audited. 'refund_due' when it can no longer be applied (the
 * plate changed hands, was revoked or stolen, was renewed meanwhile, or this server cannot
 * sign): the money is then owed back, as for a marketplace plate taken meanwhile.
 */
export async function applyRenewal(
  tx: Queryable,
  signer: Signer | null,
  payment: StoredPayment,
  at: Date,
): Promise<'applied' | 'refund_due'> {
  if (!payment.plateNumber || !signer) return 'refund_due';
  const plate = await plateRepository(tx).find(payment.plateNumber, { forUpdate: true });
  if (!plate || plate.ownerId !== payment.payerId || plate.stage !== 'Registered') return 'refund_due';
  const registration = await registryRepository(tx).find(payment.plateNumber);
  const today = isoDateOf(at.getTime());
  if (!registration || renewalRefusal(registration, today) !== undefined) return 'refund_due';
  const { settings } = await settingsRepository(tx).pricing();
  // The expiry the owner was shown when they paid: a payment confirmed days later (a bank
  // transfer) does not cost them those days.
  const expiryDate = renewedExpiry(
    registration.expiryDate,
    isoDateOf(Date.parse(payment.createdAt)),
    settings.validityYears,
  );
  const { after } = await reissueRegistration(tx, signer, {
    plateNumber: payment.plateNumber,
    ownerId: payment.payerId,
    ownerName: registration.ownerName,
    ownerNrc: registration.ownerNrc,
    expiryDate,
    at,
  });
  await auditRepository(tx).record({
    actorId: payment.payerId,
    action: 'plate.renewed',
    target: payment.plateNumber,
    detail: {
      paymentId: payment.id,
      previousExpiryDate: registration.expiryDate,
      expiryDate: after.expiryDate,
      registrationDate: after.registrationDate,
      keyId: after.keyId,
    },
  });
  await notify(tx, payment.payerId, {
    kind: 'plate-renewed',
    title: `Plate ${payment.plateNumber} renewed`,
    body: `The registration of plate ${payment.plateNumber} is renewed until ${formatDay(after.expiryDate)}. Its new certificate and QR code are in your dashboard; the old QR code now reads as replaced.`,
    link: '/dashboard/user/plates',
  });
  return 'applied';
}
