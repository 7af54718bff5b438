/** Sign-ups waiting for their email to be confirmed: stored by the hash of their link's token, used at most once, before they expire. */
import type { AccountTypeId } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';
import { hashToken } from './session-repository';

export interface SignupRequest {
  email: string;
  name: string;
  /** In +260 form, or null when none was given. */
  phone: string | null;
  passwordHash: string;
  accountType: AccountTypeId;
  businessName: string | null;
  licenseNumber: string | null;
}

interface Row {
  email: string;
  name: string;
  phone: string | null;
  password_hash: string;
  account_type: AccountTypeId;
  business_name: string | null;
  license_number: string | null;
}

/** How long an expired request is kept (for the audit's sake) before it is deleted. */
const KEEP_EXPIRED_DAYS = 7;

export function signupRequestRepository(db: Queryable) {
  return {
    /** Records a sign-up waiting for its link, voids earlier links for the same email, and deletes long-expired requests. */
    async create(token: string, request: SignupRequest, expiresAt: Date): Promise<void> {
      await db.query('UPDATE signup_requests SET used_at = now() WHERE lower(email) = lower($1) AND used_at IS NULL', [
        request.email,
      ]);
      await db.query(`DELETE FROM signup_requests WHERE expires_at < now() - make_interval(days => $1)`, [
        KEEP_EXPIRED_DAYS,
      ]);
      await db.query(
        `INSERT INTO signup_requests (token_hash, email, name, password_hash, account_type, business_name, license_number, expires_at, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          hashToken(token),
          request.email,
          request.name,
          request.passwordHash,
          request.accountType,
          request.businessName,
          request.licenseNumber,
          expiresAt,
          request.phone,
        ],
      );
    },

    /** Uses the link up: the sign-up when it was unused and not expired, otherwise undefined. One statement, so two tries cannot both win. */
    async consume(token: string, at: Date): Promise<SignupRequest | undefined> {
      const rows = await db.query<Row>(
        `UPDATE signup_requests SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING email, name, phone, password_hash, account_type, business_name, license_number`,
        [hashToken(token), at],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        email: row.email,
        name: row.name,
        phone: row.phone,
        passwordHash: row.password_hash,
        accountType: row.account_type,
        businessName: row.business_name,
        licenseNumber: row.license_number,
      };
    },
  };
}
