/**
 * Ownership transfers as stored (table plate_transfers), each change put on both people's
 * devices through the change log (entity `plateTransfer`, scopes user:<from> and
 * user:<to>) in the caller's transaction, the sender's copy without the recipient's account
 * until they accept; the invitation a recipient claims by its link's token (kept as a
 * digest); and the reads a transfer's checks need: the accounts that use an email or phone,
 * and whether the police have flagged the plate.
 */
import { normalisePhone } from '#domain/accounts/profile';
import { type PlateTransfer, senderView, type TransferContact, type TransferStatus } from '#domain/plates/transfer';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

/** The entity name of a transfer on its two parties' devices. */
export const PLATE_TRANSFER_ENTITY = 'plateTransfer';

interface TransferRow {
  id: string;
  plate_number: string;
  from_user_id: string;
  from_name: string;
  to_user_id: string | null;
  to_contact: string;
  to_name: string | null;
  status: TransferStatus;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const toTransfer = (row: TransferRow): PlateTransfer => ({
  id: row.id,
  plateNumber: row.plate_number,
  fromUserId: row.from_user_id,
  fromName: row.from_name,
  toUserId: row.to_user_id,
  toContact: row.to_contact,
  toName: row.to_name,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
});

export interface Recipient {
  id: string;
  name: string;
  status: string;
}

export function transferRepository(db: Queryable) {
  const log = changeLogRepository(db);
  const publish = async (transfer: PlateTransfer) => {
    await log.record([`user:${transfer.fromUserId}`], PLATE_TRANSFER_ENTITY, transfer.id, 'put', {
      ...senderView(transfer),
    });
    if (transfer.toUserId)
      await log.record([`user:${transfer.toUserId}`], PLATE_TRANSFER_ENTITY, transfer.id, 'put', { ...transfer });
  };

  return {
    /** Stores a new Pending transfer; undefined when another transfer of the plate is already pending. */
    async insert(transfer: PlateTransfer, invitationHash: string): Promise<PlateTransfer | undefined> {
      const [row] = await db.query<TransferRow>(
        `INSERT INTO plate_transfers (id, plate_number, from_user_id, from_name, to_user_id, to_contact, to_name, status, created_at, decided_at, invitation_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING *`,
        [
          transfer.id,
          transfer.plateNumber,
          transfer.fromUserId,
          transfer.fromName,
          transfer.toUserId,
          transfer.toContact,
          transfer.toName,
          transfer.status,
          transfer.createdAt,
          transfer.decidedAt,
          invitationHash,
        ],
      );
      if (!row) return undefined;
      const stored = toTransfer(row);
      await publish(stored);
      return stored;
    },

    async find(id: string, options: { forUpdate?: boolean } = {}): Promise<PlateTransfer | undefined> {
      const [row] = await db.query<TransferRow>(
        `SELECT * FROM plate_transfers WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return row ? toTransfer(row) : undefined;
    },

    /** The transfer an invitation link's token (as its digest) is for, locked. */
    async findByInvitation(invitationHash: string): Promise<PlateTransfer | undefined> {
      const [row] = await db.query<TransferRow>('SELECT * FROM plate_transfers WHERE invitation_hash = $1 FOR UPDATE', [
        invitationHash,
      ]);
      return row ? toTransfer(row) : undefined;
    },

    /** The account that followed the invitation becomes the recipient, and the transfer reaches its devices. */
    async claim(id: string, recipient: { id: string; name: string }): Promise<PlateTransfer> {
      const [row] = await db.query<TransferRow>(
        'UPDATE plate_transfers SET to_user_id = $2, to_name = $3 WHERE id = $1 RETURNING *',
        [id, recipient.id, recipient.name],
      );
      if (!row) throw new Error(`transfer ${id} vanished`);
      const stored = toTransfer(row);
      await publish(stored);
      return stored;
    },

    async pendingFor(plateNumber: string): Promise<PlateTransfer | undefined> {
      const [row] = await db.query<TransferRow>(
        "SELECT * FROM plate_transfers WHERE plate_number = $1 AND status = 'Pending'",
        [plateNumber],
      );
      return row ? toTransfer(row) : undefined;
    },

    /** Records a decision (accepted, declined, cancelled) and puts it on both devices. */
    async decide(transfer: PlateTransfer): Promise<PlateTransfer> {
      const [row] = await db.query<TransferRow>(
        'UPDATE plate_transfers SET status = $2, decided_at = $3 WHERE id = $1 RETURNING *',
        [transfer.id, transfer.status, transfer.decidedAt],
      );
      if (!row) throw new Error(`transfer ${transfer.id} vanished`);
      const stored = toTransfer(row);
      await publish(stored);
      return stored;
    },

    /** Transfers a user started or was offered, newest first. */
    async listFor(userId: string, limit = 200): Promise<PlateTransfer[]> {
      const rows = await db.query<TransferRow>(
        'SELECT * FROM plate_transfers WHERE from_user_id = $1 OR to_user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
        [userId, limit],
      );
      return rows.map(toTransfer).map((transfer) => (transfer.fromUserId === userId ? senderView(transfer) : transfer));
    },

    /**
     * The accounts that use the email or phone number. Phone numbers are not unique to an
     * account and may be stored as typed, so they are compared in +260 form.
     */
    async findRecipients(contact: TransferContact): Promise<Recipient[]> {
      if (contact.kind === 'email') {
        return db.query<Recipient>('SELECT id, name, status FROM users WHERE lower(email) = $1', [contact.value]);
      }
      const candidates = await db.query<Recipient & { phone: string }>(
        "SELECT id, name, status, phone FROM users WHERE phone IS NOT NULL AND right(regexp_replace(phone, '[^0-9]', '', 'g'), 9) = $1",
        [contact.value.slice(-9)],
      );
      return candidates
        .filter((candidate) => normalisePhone(candidate.phone) === contact.value)
        .map(({ id, name, status }) => ({ id, name, status }));
    },

    /** Whether a police flag on the plate still waits for the registry's decision. */
    async hasOpenFlag(plateNumber: string): Promise<boolean> {
      const rows = await db.query("SELECT 1 FROM plate_flags WHERE plate_number = $1 AND status = 'Open' LIMIT 1", [
        plateNumber,
      ]);
      return rows.length > 0;
    },
  };
}
