/**
 * Ownership transfer of a registered plate (docs/transfers-and-renewals.md): the owner
 * invites whoever holds an email or phone number, told only "Invitation sent" whether or not
 * it has an account (the link sent there lets the holder claim it, signing up first if need
 * be); the recipient accepts with their name
 * and NRC number as on their ID, and in that one transaction the registration is re-issued
 * to them, the old QR code goes on every device's revocation list as replaced, the plate
 * moves between the two people's devices and fleets, both are told and it is audited.
 * Until then the owner may cancel and the recipient decline. Each step runs in one
 * transaction that locks the plate's row first, then the transfer's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { normalisePhone } from '#domain/accounts/profile';
import { maySignIn } from '#domain/accounts/user-admin';
import { isoDateOf } from '#domain/credential/credential';
import { uuidv7 } from '#domain/ids/uuid-v7';
import {
  checkTransferAction,
  decideTransfer,
  INVITATION_UNUSABLE,
  NOT_TO_YOURSELF,
  OWN_INVITATION,
  NOT_YOUR_PLATE,
  type PlateTransfer,
  senderView,
  type TransferAcceptance,
  type TransferAction,
  type TransferContact,
  TRANSFER_NOT_FOUND,
  TRANSFER_INVITATION_KIND,
  TRANSFER_START_LIMIT,
  tooManyTransfers,
  transferRefusal,
} from '#domain/plates/transfer';
import type { UserStatus } from '#domain/statuses/statuses';
import type { Signer } from '../credentials/key-store';
import type { Database, Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { smsText } from '../messages/message-text';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { auditRepository } from '../repositories/audit-repository';
import { fleetRepository } from '../repositories/fleet-repository';
import { messageRepository } from '../repositories/message-repository';
import { notificationRepository } from '../repositories/notification-repository';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { plateRepository } from '../repositories/plate-repository';
import { transferRepository } from '../repositories/transfer-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import { NO_SIGNING_KEY } from './plate-lifecycle';
import { reissueRegistration } from './reissue';
import { formatDay } from '#domain/dates/calendar-day';

/** Where an invitation's link opens: the recipient's plates, which claim it. */
export const INVITATION_PATH = '/dashboard/user/plates';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the contact is the caller's own email or phone number. */
function isOwnContact(contact: TransferContact, user: Pick<User, 'email' | 'phone'>): boolean {
  if (contact.kind === 'email') return user.email.toLowerCase() === contact.value;
  return user.phone !== null && normalisePhone(user.phone) === contact.value;
}

export interface TransferContext {
  db: Database;
  signer: Signer | null;
  now: () => Date;
}

interface Caller {
  user: Pick<User, 'id' | 'name' | 'email' | 'phone'>;
  ip?: string | null;
}

/** Whether the plate may be handed on today by `ownerId`; undefined when it may. */
async function refusalFor(
  tx: Queryable,
  plateNumber: string,
  ownerId: string,
  today: string,
  ignorePending: string | null,
): Promise<string | undefined> {
  const view = await plateRepository(tx).view(plateNumber);
  if (!view) return NOT_YOUR_PLATE;
  const transfers = transferRepository(tx);
  const pending = await transfers.pendingFor(plateNumber);
  return transferRefusal(view, ownerId, today, {
    hasOpenFlag: await transfers.hasOpenFlag(plateNumber),
    hasPendingTransfer: pending !== undefined && pending.id !== ignorePending,
  });
}

export function plateTransfers({ db, signer, now }: TransferContext) {
  /** The transfer, locked with its plate (plate first), after checking `action` is the caller's to take. */
  async function lockForAction(
    tx: Queryable,
    id: string,
    userId: string,
    action: TransferAction,
  ): Promise<PlateTransfer> {
    const transfers = transferRepository(tx);
    const peek = await transfers.find(id);
    if (!peek) throw new Refusal(404, TRANSFER_NOT_FOUND);
    await plateRepository(tx).find(peek.plateNumber, { forUpdate: true });
    const transfer = (await transfers.find(id, { forUpdate: true })) ?? peek;
    const refusal = checkTransferAction(transfer, userId, action);
    if (refusal?.reason === 'not-found') throw new Refusal(404, TRANSFER_NOT_FOUND);
    if (refusal?.reason === 'wrong-party') throw new Refusal(403, refusal.message);
    if (refusal) throw new Refusal(409, refusal.message);
    return transfer;
  }

  return {
    /**
     * The owner invites whoever holds the email or phone number given. When exactly one
     * active account other than the owner's uses it, that account is the recipient at once
     * (told in its dashboard); otherwise (nobody, an inactive account, a number two accounts
     * share) the transfer waits for whoever follows the link. Either way the same message goes
     * to the contact, and the owner's answer says only that it was sent.
     */
    async start(caller: Caller, plateNumber: string, contact: TransferContact): Promise<PlateTransfer> {
      if (isOwnContact(contact, caller.user)) throw new Refusal(400, NOT_TO_YOURSELF, { toContact: NOT_TO_YOURSELF });
      return db.transaction(async (tx) => {
        const at = now();
        const plate = await plateRepository(tx).find(plateNumber, { forUpdate: true });
        if (!plate || plate.ownerId !== caller.user.id) throw new Refusal(403, NOT_YOUR_PLATE);
        const refusal = await refusalFor(tx, plateNumber, caller.user.id, isoDateOf(at.getTime()), null);
        if (refusal) throw new Refusal(409, refusal);
        // Counted with the transfer: a refused start sends nothing, and counts for nothing.
        const started = await rateLimitRepository(tx).hit(
          `transfer-start:${caller.user.id}`,
          TRANSFER_START_LIMIT.windowMs,
        );
        if (started.hits > TRANSFER_START_LIMIT.max)
          throw new Refusal(429, tooManyTransfers(Math.max(1, Math.ceil(started.ttlMs / 60_000))));
        const transfers = transferRepository(tx);
        const holders = (await transfers.findRecipients(contact)).filter(
          (holder) => holder.id !== caller.user.id && maySignIn(holder.status as UserStatus),
        );
        const recipient = holders.length === 1 ? holders[0] : undefined;
        const token = randomBytes(32).toString('base64url');
        const transfer = await transfers.insert(
          {
            id: uuidv7(at.getTime(), randomBytes(10)),
            plateNumber,
            fromUserId: caller.user.id,
            fromName: caller.user.name,
            toUserId: recipient?.id ?? null,
            toContact: contact.value,
            toName: recipient?.name ?? null,
            status: 'Pending',
            createdAt: at.toISOString(),
            decidedAt: null,
          },
          digest(token),
        );
        // The plate's row is locked, so only a transfer stored since the check can be in the way: none.
        if (!transfer) throw new Error(`a pending transfer of ${plateNumber} appeared under the plate's lock`);
        // The message names no one: who sent it is told once the link is followed by a signed-in account.
        const title = `Plate ${plateNumber} offered to you`;
        const body = `A Nambala plate owner wants to transfer plate ${plateNumber} to you. Open the link signed in to your Nambala account (sign up first with this ${contact.kind === 'email' ? 'email address' : 'phone number'} if you have none) to accept it with your full name and NRC number as on your ID, or to decline it. If you expected nothing, ignore this message.`;
        const link = `${INVITATION_PATH}?invitation=${token}`;
        await messageRepository(tx).queue([
          contact.kind === 'email'
            ? {
                userId: recipient?.id ?? null,
                kind: TRANSFER_INVITATION_KIND,
                channel: 'email',
                recipient: contact.value,
                subject: title,
                body,
                link,
              }
            : {
                userId: recipient?.id ?? null,
                kind: TRANSFER_INVITATION_KIND,
                channel: 'sms',
                recipient: contact.value,
                subject: null,
                body: smsText(title, body),
                link,
              },
        ]);
        if (recipient) {
          await notificationRepository(tx).create(recipient.id, {
            kind: 'transfer-offered',
            title,
            body: `${caller.user.name} wants to transfer plate ${plateNumber} to you. Accept it in your dashboard with your full name and NRC number as on your ID, or decline it.`,
            link: INVITATION_PATH,
          });
        }
        await auditRepository(tx).record({
          actorId: caller.user.id,
          action: 'plate.transfer_started',
          target: plateNumber,
          detail: { transferId: transfer.id, toUserId: recipient?.id ?? null },
          ip: caller.ip ?? null,
        });
        noteMessagesQueued();
        return senderView(transfer);
      });
    },

    /**
     * A signed-in account follows an invitation's link: it becomes the transfer's recipient
     * (unless the transfer already has another, or is no longer pending) and sees it at once.
     */
    async claim(caller: Caller, token: string): Promise<PlateTransfer> {
      return db.transaction(async (tx) => {
        const transfers = transferRepository(tx);
        const transfer = await transfers.findByInvitation(digest(token));
        if (!transfer || transfer.status !== 'Pending') throw new Refusal(404, INVITATION_UNUSABLE);
        if (transfer.fromUserId === caller.user.id) throw new Refusal(409, OWN_INVITATION);
        if (transfer.toUserId === caller.user.id) return transfer;
        if (transfer.toUserId !== null) throw new Refusal(404, INVITATION_UNUSABLE);
        const claimed = await transfers.claim(transfer.id, caller.user);
        await auditRepository(tx).record({
          actorId: caller.user.id,
          action: 'plate.transfer_claimed',
          target: transfer.plateNumber,
          detail: { transferId: transfer.id },
          ip: caller.ip ?? null,
        });
        return claimed;
      });
    },

    /** The owner takes the offer back (while it waits). */
    async cancel(caller: Caller, id: string): Promise<PlateTransfer> {
      return db.transaction(async (tx) => {
        const transfer = await lockForAction(tx, id, caller.user.id, 'cancel');
        const decided = await transferRepository(tx).decide(decideTransfer(transfer, 'cancel', now()));
        if (transfer.toUserId) {
          await notify(tx, transfer.toUserId, {
            kind: 'transfer-cancelled',
            title: `Transfer of plate ${transfer.plateNumber} cancelled`,
            body: `${transfer.fromName} cancelled the transfer of plate ${transfer.plateNumber} to you.`,
            link: '/dashboard/user/plates',
          });
        }
        await auditRepository(tx).record({
          actorId: caller.user.id,
          action: 'plate.transfer_cancelled',
          target: transfer.plateNumber,
          detail: { transferId: id },
          ip: caller.ip ?? null,
        });
        return senderView(decided);
      });
    },

    /** The recipient turns the offer down (while it waits). */
    async decline(caller: Caller, id: string): Promise<PlateTransfer> {
      return db.transaction(async (tx) => {
        const transfer = await lockForAction(tx, id, caller.user.id, 'decline');
        const decided = await transferRepository(tx).decide(decideTransfer(transfer, 'decline', now()));
        await notify(tx, transfer.fromUserId, {
          kind: 'transfer-declined',
          title: `Transfer of plate ${transfer.plateNumber} declined`,
          body: `${transfer.toContact} declined the transfer of plate ${transfer.plateNumber}. The plate is still yours.`,
          link: '/dashboard/user/plates',
        });
        await auditRepository(tx).record({
          actorId: caller.user.id,
          action: 'plate.transfer_declined',
          target: transfer.plateNumber,
          detail: { transferId: id },
          ip: caller.ip ?? null,
        });
        return decided;
      });
    },

    /**
     * The recipient accepts: the plate is checked again as at the start (it may have been
     * flagged, revoked or have expired since), then the registration is re-issued to them
     * with the same vehicle and expiry date.
     */
    async accept(caller: Caller, id: string, acceptance: TransferAcceptance): Promise<PlateTransfer> {
      return db.transaction(async (tx) => {
        const transfer = await lockForAction(tx, id, caller.user.id, 'accept');
        const at = now();
        const plate = await plateRepository(tx).find(transfer.plateNumber);
        if (!plate || plate.ownerId !== transfer.fromUserId) {
          throw new Refusal(
            409,
            `Plate ${transfer.plateNumber} no longer belongs to ${transfer.fromName}, so this transfer cannot be completed.`,
          );
        }
        const refusal = await refusalFor(
          tx,
          transfer.plateNumber,
          transfer.fromUserId,
          isoDateOf(at.getTime()),
          transfer.id,
        );
        if (refusal) throw new Refusal(409, `This transfer cannot be completed: ${refusal}`);
        // The route answers 503 before coming here when this server cannot sign.
        if (!signer) throw new Error(NO_SIGNING_KEY);
        const current = await plateRepository(tx).view(transfer.plateNumber);
        const expiryDate = current?.registration?.expiryDate;
        if (!expiryDate) throw new Error(`plate ${transfer.plateNumber} passed the checks without a registration`);
        const { before, after } = await reissueRegistration(tx, signer, {
          plateNumber: transfer.plateNumber,
          ownerId: caller.user.id,
          ownerName: acceptance.ownerName,
          ownerNrc: acceptance.ownerNrc,
          expiryDate,
          at,
        });
        // The vehicle goes with its plate: off the old owner's fleet, into the new owner's.
        await fleetRepository(tx).fitRegisteredPlate(
          caller.user.id,
          {
            plateNumber: after.plateNumber,
            make: after.make,
            model: after.model,
            colour: after.colour,
            year: after.year,
            chassisNumber: after.chassisNumber,
          },
          at,
        );
        const decided = await transferRepository(tx).decide(decideTransfer(transfer, 'accept', at));
        await notify(tx, transfer.fromUserId, {
          kind: 'transfer-completed',
          title: `Plate ${transfer.plateNumber} transferred`,
          body: `${acceptance.ownerName} accepted the transfer of plate ${transfer.plateNumber}. The registration now names them, and the plate's old QR code reads as replaced.`,
          link: '/dashboard/user/plates',
        });
        await notify(tx, caller.user.id, {
          kind: 'transfer-completed',
          title: `Plate ${transfer.plateNumber} is now yours`,
          body: `Plate ${transfer.plateNumber} is registered to you (${acceptance.ownerName}) until ${formatDay(after.expiryDate)}. Its new certificate and QR code are in your dashboard.`,
          link: '/dashboard/user/plates',
        });
        await auditRepository(tx).record({
          actorId: caller.user.id,
          action: 'plate.transferred',
          target: transfer.plateNumber,
          detail: {
            transferId: id,
            fromUserId: transfer.fromUserId,
            toUserId: caller.user.id,
            previousOwnerName: before.ownerName,
            ownerName: after.ownerName,
            registrationDate: after.registrationDate,
            expiryDate: after.expiryDate,
            keyId: after.keyId,
          },
          ip: caller.ip ?? null,
        });
        return decided;
      });
    },
  };
}
