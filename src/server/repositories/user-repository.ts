import type { Role } from '#domain/accounts/permissions';
import { type NotificationPreferences, notificationPreferencesSchema } from '#domain/notifications/preferences';
import type { AccountTypeId, UserStatus, UserType } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';

export interface User {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  accountType: AccountTypeId;
  userType: UserType;
  status: UserStatus;
  requestedRole: Role | null;
  businessName: string | null;
  licenseNumber: string | null;
  /** For a plate shop whose right to record is suspended: the registry's reason; otherwise null. */
  recordingSuspended: string | null;
  roles: Role[];
  lastActiveAt: string | null;
  createdAt: string;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  account_type: string;
  user_type: string;
  status: string;
  requested_role: string | null;
  business_name: string | null;
  license_number: string | null;
  recording_suspended?: string | null;
  last_active_at: Date | string | null;
  created_at: Date | string;
  roles: string[] | null;
  password_hash?: string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

// Values in these columns are written only from the domain's typed lists.
function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    accountType: row.account_type as AccountTypeId,
    userType: row.user_type as UserType,
    status: row.status as UserStatus,
    requestedRole: row.requested_role as Role | null,
    businessName: row.business_name,
    licenseNumber: row.license_number,
    recordingSuspended: row.recording_suspended ?? null,
    roles: (row.roles ?? []) as Role[],
    lastActiveAt: iso(row.last_active_at),
    createdAt: iso(row.created_at) ?? '',
  };
}

const SELECT_USER = `
  SELECT u.*, coalesce(array_agg(r.role ORDER BY r.role) FILTER (WHERE r.role IS NOT NULL), '{}') AS roles
  FROM users u LEFT JOIN user_roles r ON r.user_id = u.id`;

export interface NewUser {
  email: string;
  name: string;
  phone?: string | null;
  passwordHash: string;
  accountType: AccountTypeId;
  userType: UserType;
  status: UserStatus;
  requestedRole: Role | null;
  businessName?: string | null;
  licenseNumber?: string | null;
  roles: readonly Role[];
}

/** Any constant shared by all server instances, distinct from the migration lock. */
export const USER_ADMINISTRATION_LOCK_KEY = 7_262_202;

export function userRepository(db: Queryable) {
  return {
    /** Returns undefined when the email is already taken (case-insensitive). */
    async create(user: NewUser): Promise<User | undefined> {
      const rows = await db.query<{ id: string }>(
        `INSERT INTO users (id, email, name, phone, password_hash, account_type, user_type, status, requested_role, business_name, license_number)
         VALUES ('USR-' || lpad(nextval('user_number_seq')::text, 3, '0'), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (lower(email)) DO NOTHING
         RETURNING id`,
        [
          user.email,
          user.name,
          user.phone ?? null,
          user.passwordHash,
          user.accountType,
          user.userType,
          user.status,
          user.requestedRole,
          user.businessName ?? null,
          user.licenseNumber ?? null,
        ],
      );
      const id = rows[0]?.id;
      if (!id) return undefined;
      if (user.roles.length > 0) {
        await db.query('INSERT INTO user_roles (user_id, role) SELECT $1, unnest($2::text[])', [id, user.roles]);
      }
      return this.findById(id);
    },

    /** An account's name alone, without its roles: what a receipt or a plate's owner line needs. */
    async nameOf(id: string): Promise<string | undefined> {
      const [row] = await db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [id]);
      return row?.name;
    },

    /**
     * The user of the session a WITH clause picks out (`live`, a table with a user_id column),
     * read in the same statement as the session (sessionRepository.userOf).
     */
    async findOfSession(live: string, params: readonly unknown[]): Promise<User | undefined> {
      const rows = await db.query<UserRow>(
        `${live} ${SELECT_USER} JOIN live ON live.user_id = u.id GROUP BY u.id`,
        params,
      );
      return rows[0] ? toUser(rows[0]) : undefined;
    },

    async findById(id: string): Promise<User | undefined> {
      const rows = await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1 GROUP BY u.id`, [id]);
      return rows[0] && toUser(rows[0]);
    },

    /** The user and their password hash, for checking a sign-in. */
    async findCredentials(email: string): Promise<{ user: User; passwordHash: string } | undefined> {
      const rows = await db.query<UserRow>(`${SELECT_USER} WHERE lower(u.email) = lower($1) GROUP BY u.id`, [email]);
      const row = rows[0];
      return row && { user: toUser(row), passwordHash: row.password_hash ?? '' };
    },

    async touchLastActive(id: string): Promise<void> {
      await db.query('UPDATE users SET last_active_at = now() WHERE id = $1', [id]);
    },

    /** Every user, newest first: the administrator's list. */
    async list(): Promise<User[]> {
      const rows = await db.query<UserRow>(`${SELECT_USER} GROUP BY u.id ORDER BY u.created_at DESC, u.id DESC`);
      return rows.map(toUser);
    },

    /**
     * Serialises administrators' changes to accounts until the transaction ends, so two
     * demotions cannot both pass the last-admin check (and no two changes deadlock).
     */
    async lockAdministration(): Promise<void> {
      await db.query('SELECT pg_advisory_xact_lock($1)', [USER_ADMINISTRATION_LOCK_KEY]);
    },

    /** The active administrators' ids: who is told of what needs an administrator. */
    async activeAdminIds(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        "SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin' WHERE u.status = 'Active' ORDER BY u.id",
      );
      return rows.map((row) => row.id);
    },

    /** Suspends (with the reason) or restores (null) a shop's right to record. */
    async setRecordingSuspended(id: string, reason: string | null): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        'UPDATE users SET recording_suspended = $2, updated_at = now() WHERE id = $1 RETURNING id',
        [id, reason],
      );
      return rows.length > 0;
    },

    async countActiveAdmins(): Promise<number> {
      const rows = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE user_type = 'ADMIN' AND status = 'Active'",
      );
      return rows[0]?.n ?? 0;
    },

    /** Returns false when the new email belongs to someone else. */
    async updateDetails(
      id: string,
      details: { name: string; email: string; userType: UserType; status: UserStatus; roles: readonly Role[] },
    ): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE users SET name = $2, email = $3, user_type = $4, status = $5, updated_at = now()
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE lower(other.email) = lower($3) AND other.id <> $1)
         RETURNING id`,
        [id, details.name, details.email, details.userType, details.status],
      );
      if (rows.length === 0) return false;
      await this.setRoles(id, details.roles);
      return true;
    },

    async setRoles(id: string, roles: readonly Role[]): Promise<void> {
      await db.query('DELETE FROM user_roles WHERE user_id = $1 AND NOT (role = ANY($2::text[]))', [id, roles]);
      if (roles.length > 0)
        await db.query('INSERT INTO user_roles (user_id, role) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
          id,
          roles,
        ]);
    },

    /** Returns false when the new email belongs to someone else. */
    async updateProfile(id: string, profile: { name: string; email: string; phone: string | null }): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE users SET name = $2, email = $3, phone = $4, updated_at = now()
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE lower(other.email) = lower($3) AND other.id <> $1)
         RETURNING id`,
        [id, profile.name, profile.email, profile.phone],
      );
      return rows.length > 0;
    },

    /** Moves the account to another email, unless another account uses it (false then). */
    async setEmail(id: string, email: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE users SET email = $2, updated_at = now()
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE lower(other.email) = lower($2) AND other.id <> $1)
         RETURNING id`,
        [id, email],
      );
      return rows.length > 0;
    },

    /** What the account has turned off of its messages; {} when nothing (or no such account). */
    /** Who a notice goes to and what they chose to receive, in one read: notify's whole question. */
    async noticeRecipient(
      id: string,
    ): Promise<
      | { id: string; name: string; email: string; phone: string | null; preferences: NotificationPreferences }
      | undefined
    > {
      const rows = await db.query<{
        id: string;
        name: string;
        email: string;
        phone: string | null;
        notification_preferences: unknown;
      }>('SELECT id, name, email, phone, notification_preferences FROM users WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return undefined;
      const stored = notificationPreferencesSchema.safeParse(row.notification_preferences ?? {});
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        preferences: stored.success ? stored.data : {},
      };
    },

    async notificationPreferences(id: string): Promise<NotificationPreferences> {
      const rows = await db.query<{ notification_preferences: unknown }>(
        'SELECT notification_preferences FROM users WHERE id = $1',
        [id],
      );
      const stored = notificationPreferencesSchema.safeParse(rows[0]?.notification_preferences ?? {});
      return stored.success ? stored.data : {};
    },

    async setNotificationPreferences(id: string, preferences: NotificationPreferences): Promise<void> {
      await db.query('UPDATE users SET notification_preferences = $2::jsonb, updated_at = now() WHERE id = $1', [
        id,
        JSON.stringify(preferences),
      ]);
    },

    async setPhone(id: string, phone: string | null): Promise<void> {
      await db.query('UPDATE users SET phone = $2, updated_at = now() WHERE id = $1', [id, phone]);
    },

    async passwordHashOf(id: string): Promise<string | undefined> {
      const rows = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]);
      return rows[0]?.password_hash;
    },

    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>('DELETE FROM users WHERE id = $1 RETURNING id', [id]);
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      return rows[0]?.n ?? 0;
    },
  };
}
