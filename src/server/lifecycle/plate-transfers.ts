/**
 * Ownership transfer of a registered plate (docs/transfers-and-renewals.md): the owner
 * offers it to another account by email or phone; the recipient accepts with their name
 * and NRC number as on their ID, and in that one transaction the registration is re-issued
 * to them, the old QR code goes on every device's revocation list as replaced, the plate
 * moves between the two people's devices and fleets, both are told and it is audited.
 * Until then the owner may cancel and the recipient decline. Each step runs in one
 * transaction that locks the plate's row first, then the transfer's.
 */
import { randomBytes } from 'node:crypto';
import { maySignIn } from '#domain/accounts/user-admin';
import { isoDateOf } from '#domain/credential/credential';
import { uuidv7 } from '#domain/ids/uuid-v7';
import {
  checkTransferAction,
  decideTransfer,
  NO_ACCOUNT_FOR_CONTACT,
  NOT_TO_YOURSELF,
  NOT_YOUR_PLATE,
  type PlateTransfer,
  type TransferAcceptance,
  type TransferAction,
  type TransferContact,
  TRANSFER_NOT_FOUND,
  transferRefusal,
} from '#domain/plates/transfer';
import type { UserStatus } from '#domain/statuses/statuses';
import type { Signer } from '../credentials/key-store';
import type { Database, Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { auditRepository } from '../repositories/audit-repository';
import { fleetRepository } from '../repositories/fleet-repository';
import { plateRepository } from '../repositories/plate-repository';
import { transferRepository } from '../repositories/transfer-repository';
import type { User } from '../repositories/user-repository';
import { Refusal } from '../sync/intent';
import { NO_SIGNING_KEY } from './plate-lifecycle';
import { reissueRegistration } from './reissue';

export const SHARED_PHONE = 'More than one account uses this phone number. Enter the new owner’s email address instead.';
export const RECIPIENT_INACTIVE = 'This account cannot receive plates at the moment: it is not active.';

export interface TransferContext {
  db: Database;
  signer: Signer | null;
  now: () => Date;
}

interface Caller {
  user: Pick<User, 'id' | 'name'>;
  ip?: string | null;
}

/** Whether the plate may be handed on today by `ownerId`; undefined when it may. */
async function refusalFor(tx: Queryable, plateNumber: string, ownerId: string, today: string, ignorePending: string | null): Promise<string | undefined> {
  const view = await plateRepository(tx).view(plateNumber);
  if (!view) return NOT_YOUR_PLATE;
  const transfers = transferRepository(tx);
  const pending = await transfers.pendingFor(plateNumber);
  return transferRefusal(view, ownerId, today, { hasOpenFlag: await transfers.hasOpenFlag(plateNumber), hasPendingTransfer: pending !== undefined && pending.id !== ignorePending });
}

export function plateTransfers({ db, signer, now }: TransferContext) {
  /** The transfer, locked with its plate (plate first), after checking `action` is the caller's to take. */
  async function lockForAction(tx: Queryable, id: string, userId: string, action: TransferAction): Promise<PlateTransfer> {
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
    /** The owner offers the plate to the account with the email or phone number given. */
    async start(caller: Caller, plateNumber: string, contact: TransferContact): Promise<PlateTransfer> {
      return db.transaction(async (tx) => {
        const at = now();
        const plate = await plateRepository(tx).find(plateNumber, { forUpdate: true });
        if (!plate || plate.ownerId !== caller.user.id) throw new Refusal(403, NOT_YOUR_PLATE);
        const refusal = await refusalFor(tx, plateNumber, caller.user.id, isoDateOf(at.getTime()), null);
        if (refusal) throw new Refusal(409, refusal);
        const transfers = transferRepository(tx);
        const recipients = await transfers.findRecipients(contact);
        if (recipients.length === 0) throw new Refusal(404, NO_ACCOUNT_FOR_CONTACT, { toContact: NO_ACCOUNT_FOR_CONTACT });
        if (recipients.some((recipient) => recipient.id === caller.user.id)) throw new Refusal(400, NOT_TO_YOURSELF, { toContact: NOT_TO_YOURSELF });
        if (recipients.length > 1) throw new Refusal(409, SHARED_PHONE, { toContact: SHARED_PHONE });
        const [recipient] = recipients;
        if (!recipient || !maySignIn(recipient.status as UserStatus)) throw new Refusal(409, RECIPIENT_INACTIVE, { toContact: RECIPIENT_INACTIVE });
        const transfer = await transfers.insert({
          id: uuidv7(at.getTime(), randomBytes(10)),
          plateNumber,
          fromUserId: caller.user.id,
          fromName: caller.user.name,
          toUserId: recipient.id,
          toContact: contact.value,
          toName: recipient.name,
          status: 'Pending',
          createdAt: at.toISOString(),
          decidedAt: null,
        });
        // The plate's row is locked, so only a transfer stored since the check can be in the way: none.
        if (!transfer) throw new Error(`a pending transfer of ${plateNumber} appeared under the plate's lock`);
        await notify(tx, recipient.id, {
          kind: 'transfer-offered',
          title: `Plate ${plateNumber} offered to you`,
          body: `${caller.user.name} wants to transfer plate ${plateNumber} to you. Accept it in your dashboard with your full name and NRC number as on your ID, or decline it.`,
          link: '/dashboard/user/plates',
        });
        await auditRepository(tx).record({ actorId: caller.user.id, action: 'plate.transfer_started', target: plateNumber, detail: { transferId: transfer.id, toUserId: recipient.id }, ip: caller.ip ?? null });
        return transfer;
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
        await auditRepository(tx).record({ actorId: caller.user.id, action: 'plate.transfer_cancelled', target: transfer.plateNumber, detail: { transferId: id }, ip: caller.ip ?? null });
        return decided;
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
          body: `${transfer.toName ?? transfer.toContact} declined the transfer of plate ${transfer.plateNumber}. The plate is still yours.`,
          link: '/dashboard/user/plates',
        });
        await auditRepository(tx).record({ actorId: caller.user.id, action: 'plate.transfer_declined', target: transfer.plateNumber, detail: { transferId: id }, ip: caller.ip ?? null });
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
          throw new Refusal(409, `Plate ${transfer.plateNumber} no longer belongs to ${transfer.fromName}, so this transfer cannot be completed.`);
        }
        const refusal = await refusalFor(tx, transfer.plateNumber, transfer.fromUserId, isoDateOf(at.getTime()), transfer.id);
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
        await fleetRepository(tx).fitRegisteredPlate(caller.user.id, { plateNumber: after.plateNumber, make: after.make, model: after.model, colour: after.colour, year: after.year, chassisNumber: after.chassisNumber }, at);
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
          body: `Plate ${transfer.plateNumber} is registered to you (${acceptance.ownerName}) until ${after.expiryDate}. Its new certificate and QR code are in your dashboard.`,
          link: '/dashboard/user/plates',
        });
        await auditRepository(tx).record({
          actorId: caller.user.id,
          action: 'plate.transferred',
          target: transfer.plateNumber,
          detail: { transferId: id, fromUserId: transfer.fromUserId, toUserId: caller.user.id, previousOwnerName: before.ownerName, ownerName: after.ownerName, registrationDate: after.registrationDate, expiryDate: after.expiryDate, keyId: after.keyId },
          ip: caller.ip ?? null,
        });
        return decided;
      });
    },
  };
}
