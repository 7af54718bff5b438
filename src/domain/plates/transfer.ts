// Handing a registered plate to another person (ownership transfer): the states a
// transfer goes through. The rules of who may act at each are in this module too.

export const TRANSFER_STATUSES = ['Pending', 'Accepted', 'Cancelled'] as const;
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
