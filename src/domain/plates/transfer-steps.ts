// Handing a registered plate to another person (ownership transfer): the states a
// transfer goes through, who may act at each and which plates may be transferred
// (docs/transfers-and-renewals.md). The rules of the forms that start and accept one
// (zod) are in transfer.ts, so the owner's screens need no zod until a form is sent.
import { formatDay } from '../dates/calendar-day';
import type { RegistryStanding } from '../registry/registry-copy';
import type { PlateStage } from './lifecycle';

/**
 * Pending until the recipient accepts (the plate is then theirs) or declines, or the
 * owner cancels; the three ends are final.
 */
export const TRANSFER_STATUSES = ['Pending', 'Accepted', 'Declined', 'Cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A transfer as both people's devices keep it (entity `plateTransfer`). */
export interface PlateTransfer {
  id: string;
  plateNumber: string;
  fromUserId: string;
  fromName: string;
  /** The account that may accept; known once the email or phone given matches one. */
  toUserId: string | null;
  /** The email or +260 phone number the owner gave. */
  toContact: string;
  toName: string | null;
  status: TransferStatus;
  createdAt: string;
  decidedAt: string | null;
}

// ---------------------------------------------------------------------------------------
// Who may act

export const TRANSFER_ACTIONS = ['cancel', 'accept', 'decline'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

/**
 * Why an action is refused. `not-found`: the caller is neither party, so is told nothing
 * about the transfer (not even that it exists).
 */
export type TransferRefusal = { reason: 'not-found' } | { reason: 'wrong-party' | 'decided'; message: string };

export const TRANSFER_NOT_FOUND = 'This transfer was not found.';
export const ONLY_SENDER_CANCELS = 'Only the owner who started this transfer can cancel it.';
export const ONLY_RECIPIENT_DECIDES = 'Only the person the plate is being transferred to can accept or decline it.';

const DECIDED_WORDS: Record<Exclude<TransferStatus, 'Pending'>, string> = {
  Accepted: 'was already accepted',
  Declined: 'was declined',
  Cancelled: 'was cancelled',
};

/** The actions `userId` may take on the transfer now: the sender cancels, the recipient accepts or declines, while Pending. */
export function transferActionsFor(
  transfer: Pick<PlateTransfer, 'fromUserId' | 'toUserId' | 'status'>,
  userId: string,
): TransferAction[] {
  if (transfer.status !== 'Pending') return [];
  if (userId === transfer.fromUserId) return ['cancel'];
  if (userId === transfer.toUserId) return ['accept', 'decline'];
  return [];
}

/** Whether `userId` may take `action` on the transfer; the refusal says why in words for them. */
export function checkTransferAction(
  transfer: Pick<PlateTransfer, 'plateNumber' | 'fromUserId' | 'toUserId' | 'status'>,
  userId: string,
  action: TransferAction,
): TransferRefusal | undefined {
  const isSender = userId === transfer.fromUserId;
  const isRecipient = transfer.toUserId !== null && userId === transfer.toUserId;
  if (!isSender && !isRecipient) return { reason: 'not-found' };
  if (action === 'cancel' && !isSender) return { reason: 'wrong-party', message: ONLY_SENDER_CANCELS };
  if (action !== 'cancel' && !isRecipient) return { reason: 'wrong-party', message: ONLY_RECIPIENT_DECIDES };
  if (transfer.status !== 'Pending')
    return {
      reason: 'decided',
      message: `This transfer of plate ${transfer.plateNumber} ${DECIDED_WORDS[transfer.status]}.`,
    };
  return undefined;
}

/** The transfer after `action` (already checked) at `at`. */
export function decideTransfer<T extends PlateTransfer>(transfer: T, action: TransferAction, at: Date): T {
  const status: TransferStatus = action === 'accept' ? 'Accepted' : action === 'decline' ? 'Declined' : 'Cancelled';
  return { ...transfer, status, decidedAt: at.toISOString() };
}

// ---------------------------------------------------------------------------------------
// Which plates may be transferred

export interface TransferablePlate {
  plateNumber: string;
  ownerId: string;
  stage: PlateStage;
  /** Null until registered. */
  registration: { standing: RegistryStanding; expiryDate: string } | null;
}

export interface TransferConditions {
  /** A police flag on the plate still waiting for an administrator's decision. */
  hasOpenFlag: boolean;
  /** Another transfer of the plate still waiting (not counted when accepting that very transfer). */
  hasPendingTransfer: boolean;
}

export const NOT_YOUR_PLATE = "Only the plate's registered owner can transfer it.";

/**
 * The part of the rules a device can judge from its copy of the plate alone (no clock, no
 * flags): not registered yet, revoked or stolen. Undefined when none of these applies.
 */
export function standingRefusal(
  plate: Pick<TransferablePlate, 'plateNumber' | 'stage' | 'registration'>,
): string | undefined {
  const number = plate.plateNumber;
  const registration = plate.registration;
  if (plate.stage !== 'Registered' || registration === null)
    return `Plate ${number} is not registered yet: a plate can be transferred once a shop has registered it to a vehicle.`;
  if (registration.standing === 'Revoked') return `Plate ${number} has been revoked, so it cannot be transferred.`;
  if (registration.standing === 'Stolen') return `Plate ${number} is reported stolen, so it cannot be transferred.`;
  return undefined;
}

/**
 * Why `ownerId` cannot hand the plate on today (YYYY-MM-DD), or undefined when they can:
 * it must be theirs, registered, in good standing, not expired, not flagged by the police,
 * and not already being transferred. Checked when a transfer starts and again when it is accepted.
 */
export function transferRefusal(
  plate: TransferablePlate,
  ownerId: string,
  today: string,
  conditions: TransferConditions,
): string | undefined {
  const number = plate.plateNumber;
  if (plate.ownerId !== ownerId) return NOT_YOUR_PLATE;
  const standing = standingRefusal(plate);
  if (standing !== undefined) return standing;
  if (plate.registration !== null && today > plate.registration.expiryDate)
    return `Plate ${number}'s registration expired on ${formatDay(plate.registration.expiryDate)}. Renew it before transferring it.`;
  if (conditions.hasOpenFlag)
    return `Plate ${number} has been flagged by the police and cannot be transferred until the registry has decided the flag.`;
  if (conditions.hasPendingTransfer)
    return `A transfer of plate ${number} is already waiting to be accepted. Cancel it first to start another.`;
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Forms

export const CONTACT_MESSAGE = "Enter the new owner's email address or Zambian phone number (+260 97 123 4567)";
/**
 * What the sender is told, whoever holds the contact: an account, several, an inactive one or
 * nobody yet. Who the recipient is comes with their acceptance, never before.
 */
export const invitationSent = (contact: string, plateNumber: string) =>
  `Invitation sent to ${contact}. Whoever uses it can accept plate ${plateNumber} in their Nambala dashboard, signing up first if they have no account. You can cancel the transfer until they do.`;
/** The kind of the message that carries an invitation's link: a key to claiming the transfer. */
export const TRANSFER_INVITATION_KIND = 'transfer-invitation';
export const INVITATION_UNUSABLE =
  'This invitation is no longer open: it was accepted, declined or cancelled, or the link is not complete.';
export const OWN_INVITATION = 'You sent this invitation: it is for the new owner to open.';
/** Transfers one account may start in an hour: each one sends a message to the contact typed. */
export const TRANSFER_START_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;
export const tooManyTransfers = (minutes: number) =>
  `You have started ${TRANSFER_START_LIMIT.max} transfers in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * A transfer as its sender sees it: whether the contact has an account, and whose, shows only
 * once the recipient accepts.
 */
export function senderView<Transfer extends Pick<PlateTransfer, 'status' | 'toUserId' | 'toName'>>(
  transfer: Transfer,
): Transfer {
  return transfer.status === 'Accepted' ? transfer : { ...transfer, toUserId: null, toName: null };
}
export const NOT_TO_YOURSELF = 'This is your own account: enter the email or phone number of the new owner.';

export type TransferContact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };
