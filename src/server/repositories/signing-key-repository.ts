import type { Queryable } from '../db/database';

export type SigningKeyStatus = 'active' | 'retired' | 'revoked';

export interface SigningKeyRow {
  keyId: number;
  publicKey: Uint8Array;
  status: SigningKeyStatus;
  createdAt: string;
  statusChangedAt: string;
}

interface Row {
  key_id: number;
  public_key: Uint8Array;
  status: SigningKeyStatus;
  created_at: Date;
  status_changed_at: Date;
}

const toKey = (row: Row): SigningKeyRow => ({
  keyId: row.key_id,
  publicKey: new Uint8Array(row.public_key),
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  statusChangedAt: new Date(row.status_changed_at).toISOString(),
});

/** Serialises key creation and rotation across server instances. */
const KEY_LOCK = 7_262_203;

export function signingKeyRepository(db: Queryable) {
  return {
    /** Holds the keys' lock until the transaction ends: one instance at a time creates or rotates a key. */
    async lockKeys(): Promise<void> {
      await db.query('SELECT pg_advisory_xact_lock($1)', [KEY_LOCK]);
    },

    async all(): Promise<SigningKeyRow[]> {
      return (await db.query<Row>('SELECT * FROM signing_keys ORDER BY key_id')).map(toKey);
    },

    async active(): Promise<SigningKeyRow | undefined> {
      const [row] = await db.query<Row>("SELECT * FROM signing_keys WHERE status = 'active'");
      return row ? toKey(row) : undefined;
    },

    /** The active key, its row share-locked until the transaction ends: a rotation waits for the signing under way. */
    async activeForSigning(): Promise<SigningKeyRow | undefined> {
      const [row] = await db.query<Row>("SELECT * FROM signing_keys WHERE status = 'active' FOR SHARE");
      return row ? toKey(row) : undefined;
    },

    /** The ids of the revoked keys: what a route checks before handing out a credential. */
    async revokedIds(): Promise<Set<number>> {
      const rows = await db.query<{ key_id: number }>("SELECT key_id FROM signing_keys WHERE status = 'revoked'");
      return new Set(rows.map((row) => row.key_id));
    },

    async find(keyId: number): Promise<SigningKeyRow | undefined> {
      const [row] = await db.query<Row>('SELECT * FROM signing_keys WHERE key_id = $1', [keyId]);
      return row ? toKey(row) : undefined;
    },

    async nextId(): Promise<number> {
      const [row] = await db.query<{ next: number }>('SELECT COALESCE(MAX(key_id), 0) + 1 AS next FROM signing_keys');
      return Number(row?.next ?? 1);
    },

    /** Adds a key as the active one; the key that was active is retired (it still verifies). */
    async addActive(keyId: number, publicKey: Uint8Array): Promise<void> {
      await db.query("UPDATE signing_keys SET status = 'retired', status_changed_at = now() WHERE status = 'active'");
      await db.query("INSERT INTO signing_keys (key_id, public_key, status) VALUES ($1, $2, 'active')", [
        keyId,
        publicKey,
      ]);
    },

    /** How many registered plates carry a credential signed by each key. */
    async signedCounts(): Promise<Map<number, number>> {
      const rows = await db.query<{ key_id: number; n: string }>(
        'SELECT key_id, count(*)::text AS n FROM registered_plates GROUP BY key_id',
      );
      return new Map(rows.map((row) => [row.key_id, Number(row.n)]));
    },

    async setStatus(keyId: number, status: SigningKeyStatus): Promise<boolean> {
      const rows = await db.query(
        'UPDATE signing_keys SET status = $2, status_changed_at = now() WHERE key_id = $1 RETURNING key_id',
        [keyId, status],
      );
      return rows.length > 0;
    },
  };
}
