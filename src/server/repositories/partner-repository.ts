/**
 * Partner organisations, their API keys (digests only), every call made with a key, and the
 * counters a key's rate limit and daily quota are held to (docs/partner-api.md).
 */
import type { PartnerKind, PartnerScope } from '#domain/partners/partner-api';
import type { Queryable } from '../db/database';

export interface PartnerOrganisation {
  id: string;
  name: string;
  kind: PartnerKind;
  insurerName: string | null;
  contactEmail: string;
  createdAt: string;
}

export interface PartnerKey {
  id: string;
  organisationId: string;
  prefix: string;
  scopes: PartnerScope[];
  perMinute: number;
  dailyQuota: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  replacedBy: string | null;
}

interface OrganisationRow {
  id: string;
  name: string;
  kind: PartnerKind;
  insurer_name: string | null;
  contact_email: string;
  created_at: Date;
}

interface KeyRow {
  id: string;
  organisation_id: string;
  prefix: string;
  scopes: PartnerScope[];
  per_minute: number;
  daily_quota: number;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  replaced_by: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toOrganisation = (row: OrganisationRow): PartnerOrganisation => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  insurerName: row.insurer_name,
  contactEmail: row.contact_email,
  createdAt: iso(row.created_at),
});

const toKey = (row: KeyRow): PartnerKey => ({
  id: row.id,
  organisationId: row.organisation_id,
  prefix: row.prefix,
  scopes: row.scopes,
  perMinute: row.per_minute,
  dailyQuota: row.daily_quota,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  replacedBy: row.replaced_by,
});

const KEY_COLUMNS =
  'id, organisation_id, prefix, scopes, per_minute, daily_quota, created_at, expires_at, revoked_at, replaced_by';

export function partnerRepository(db: Queryable) {
  return {
    async addOrganisation(
      organisation: Omit<PartnerOrganisation, 'createdAt'>,
      createdBy: string,
      at: Date,
    ): Promise<PartnerOrganisation | undefined> {
      const [row] = await db.query<OrganisationRow>(
        `INSERT INTO partner_organisations (id, name, kind, insurer_name, contact_email, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING RETURNING *`,
        [
          organisation.id,
          organisation.name,
          organisation.kind,
          organisation.insurerName,
          organisation.contactEmail,
          createdBy,
          at,
        ],
      );
      return row ? toOrganisation(row) : undefined;
    },

    async organisations(): Promise<PartnerOrganisation[]> {
      const rows = await db.query<OrganisationRow>('SELECT * FROM partner_organisations ORDER BY name');
      return rows.map(toOrganisation);
    },

    async organisation(id: string): Promise<PartnerOrganisation | undefined> {
      const [row] = await db.query<OrganisationRow>('SELECT * FROM partner_organisations WHERE id = $1', [id]);
      return row ? toOrganisation(row) : undefined;
    },

    async keysOf(organisationIds: readonly string[]): Promise<PartnerKey[]> {
      const rows = await db.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM partner_keys WHERE organisation_id = ANY($1::text[]) ORDER BY created_at DESC, id DESC`,
        [organisationIds],
      );
      return rows.map(toKey);
    },

    async key(id: string): Promise<PartnerKey | undefined> {
      const [row] = await db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM partner_keys WHERE id = $1`, [id]);
      return row ? toKey(row) : undefined;
    },

    /** The key with this digest and its organisation, in one statement (every partner call starts here). */
    async keyByHash(
      keyHash: string,
    ): Promise<{ key: PartnerKey; organisation: PartnerOrganisation; keyHash: string } | undefined> {
      const [row] = await db.query<KeyRow & { o: OrganisationRow; key_hash: string }>(
        `SELECT k.id, k.organisation_id, k.prefix, k.scopes, k.per_minute, k.daily_quota, k.created_at, k.expires_at,
           k.revoked_at, k.replaced_by, k.key_hash, row_to_json(o) AS o
         FROM partner_keys k JOIN partner_organisations o ON o.id = k.organisation_id WHERE k.key_hash = $1`,
        [keyHash],
      );
      return row ? { key: toKey(row), organisation: toOrganisation(row.o), keyHash: row.key_hash } : undefined;
    },

    async addKey(key: Omit<PartnerKey, 'revokedAt' | 'replacedBy'>, keyHash: string, createdBy: string): Promise<void> {
      await db.query(
        `INSERT INTO partner_keys (id, organisation_id, prefix, key_hash, scopes, per_minute, daily_quota, created_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9, $10)`,
        [
          key.id,
          key.organisationId,
          key.prefix,
          keyHash,
          key.scopes,
          key.perMinute,
          key.dailyQuota,
          createdBy,
          key.createdAt,
          key.expiresAt,
        ],
      );
    },

    /** The old key of a rotation: replaced, and now expiring at the end of the overlap. Only a working key is rotated. */
    async markReplaced(id: string, replacedBy: string, expiresAt: Date, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE partner_keys SET replaced_by = $2, expires_at = LEAST(expires_at, $3)
         WHERE id = $1 AND revoked_at IS NULL AND replaced_by IS NULL AND expires_at > $4 RETURNING id`,
        [id, replacedBy, expiresAt, now],
      );
      return rows.length === 1;
    },

    async revoke(id: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE partner_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
        [id, at],
      );
      return rows.length === 1;
    },

    /**
     * Counts `amount` against a key's window, in one statement, only while it stays within
     * `limit`: true when counted, false when the window is full (nothing counted then).
     */
    async useWindow(
      keyId: string,
      kind: 'minute' | 'day',
      windowStart: Date,
      amount: number,
      limit: number,
    ): Promise<boolean> {
      if (amount > limit) return false;
      const rows = await db.query(
        `INSERT INTO partner_key_windows AS w (key_id, kind, window_start, used) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key_id, kind, window_start) DO UPDATE SET used = w.used + EXCLUDED.used
           WHERE w.used + EXCLUDED.used <= $5
         RETURNING used`,
        [keyId, kind, windowStart, amount, limit],
      );
      return rows.length === 1;
    },

    /** Windows older than `before` are of no further use. */
    async dropWindowsBefore(keyId: string, before: Date): Promise<void> {
      await db.query('DELETE FROM partner_key_windows WHERE key_id = $1 AND window_start < $2', [keyId, before]);
    },

    async logCall(call: {
      id: string;
      keyId: string;
      organisationId: string;
      route: string;
      plates: number;
      status: number;
      at: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO partner_calls (id, key_id, organisation_id, route, plates, status, called_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [call.id, call.keyId, call.organisationId, call.route, call.plates, call.status, call.at],
      );
    },

    /** An organisation's calls since `since`, newest first, at most `limit`. */
    async calls(
      organisationId: string,
      since: Date,
      limit: number,
    ): Promise<Array<{ id: string; at: string; keyPrefix: string; route: string; plates: number; status: number }>> {
      const rows = await db.query<{
        id: string;
        called_at: Date;
        prefix: string;
        route: string;
        plates: number;
        status: number;
      }>(
        `SELECT c.id, c.called_at, k.prefix, c.route, c.plates, c.status FROM partner_calls c JOIN partner_keys k ON k.id = c.key_id
         WHERE c.organisation_id = $1 AND c.called_at >= $2 ORDER BY c.called_at DESC, c.id DESC LIMIT $3`,
        [organisationId, since, limit],
      );
      return rows.map((row) => ({
        id: row.id,
        at: iso(row.called_at),
        keyPrefix: row.prefix,
        route: row.route,
        plates: row.plates,
        status: row.status,
      }));
    },

    /** Calls, plate checks and refused calls per Lusaka day (UTC+2 all year) since `since`, newest first. */
    async usageByDay(
      organisationId: string,
      since: Date,
    ): Promise<Array<{ day: string; calls: number; plates: number; refused: number }>> {
      const rows = await db.query<{ day: string; calls: number; plates: number; refused: number }>(
        `SELECT to_char((called_at AT TIME ZONE 'UTC') + interval '2 hours', 'YYYY-MM-DD') AS day, count(*)::int AS calls,
           coalesce(sum(plates) FILTER (WHERE status < 400), 0)::int AS plates, count(*) FILTER (WHERE status >= 400)::int AS refused
         FROM partner_calls WHERE organisation_id = $1 AND called_at >= $2 GROUP BY 1 ORDER BY 1 DESC`,
        [organisationId, since],
      );
      return rows;
    },

    /** Calls per organisation since `since` (the list's "calls today"). */
    async callCounts(since: Date): Promise<Map<string, number>> {
      const rows = await db.query<{ organisation_id: string; calls: number }>(
        'SELECT organisation_id, count(*)::int AS calls FROM partner_calls WHERE called_at >= $1 GROUP BY organisation_id',
        [since],
      );
      return new Map(rows.map((row) => [row.organisation_id, row.calls]));
    },
  };
}
