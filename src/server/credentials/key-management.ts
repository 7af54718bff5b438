/**
 * The registry's signing keys as an administrator changes them: rotating (a new key signs
 * from now on, the old one retires) and revoking a key that must no longer be trusted (lost
 * or leaked; revoking the active key rotates first). Either starts a re-issue run: every
 * plate the old key signed gets a credential from the active key, in the background
 * (src/server/jobs/credential-reissue.ts). Each change is audited. A key given to this
 * server in its settings is the operators' to change: such a server refuses both.
 */
import type { Database } from '../db/database';
import { type ReissueRunner, startReissue } from '../jobs/credential-reissue';
import { auditRepository } from '../repositories/audit-repository';
import { signingKeyRepository } from '../repositories/signing-key-repository';
import { type KeySource, rotateKey, type SwitchableSigner } from './key-store';

export const KEY_SET_BY_OPERATORS =
  'This server’s signing key is set in its configuration by its operators, so keys cannot be rotated from here.';
export const KEY_ALREADY_REVOKED = 'That key is already revoked.';
export const NO_SUCH_KEY = 'There is no signing key with that number.';

/** Done, or why not, with the words the administrator reads. */
export type KeyChangeOutcome =
  | { ok: true }
  | { ok: false; reason: 'set-by-operators' | 'already-revoked'; message: string }
  | { ok: false; reason: 'no-such-key'; message: string };

export function keyManagement({
  db,
  source,
  signer,
  reissue,
}: {
  db: Database;
  source: KeySource;
  signer: SwitchableSigner | null;
  reissue: ReissueRunner;
}) {
  const keys = signingKeyRepository(db);
  /** Keys are this page's to change only when no key is given in the server's settings. */
  const canRotate = source.signingKey === undefined;

  /** A new active key; this server signs with it at once, another instance from its next signing (the signer catches up). */
  const rotate = async (adminId: string, ip: string) => {
    const previous = await keys.active();
    const next = await rotateKey(db, source);
    signer?.switchTo(next);
    await auditRepository(db).record({
      actorId: adminId,
      action: 'key.rotate',
      target: String(next.keyId),
      detail: { previous: previous?.keyId ?? null },
      ip,
    });
    return { previous, next: next.keyId };
  };

  return {
    canRotate,

    /** Rotates; the retired key's plates get credentials from the new key, in the background. */
    async rotate(adminId: string, ip: string): Promise<KeyChangeOutcome> {
      if (!canRotate) return { ok: false, reason: 'set-by-operators', message: KEY_SET_BY_OPERATORS };
      const { previous } = await rotate(adminId, ip);
      if (previous) {
        const run = await db.transaction((tx) =>
          startReissue(tx, { keyId: previous.keyId, reason: 'retired', startedBy: adminId }),
        );
        await auditRepository(db).record({
          actorId: adminId,
          action: 'key.reissue-started',
          target: String(previous.keyId),
          detail: { run: run.id, plates: run.total, reason: 'retired' },
          ip,
        });
        reissue.kick();
      }
      return { ok: true };
    },

    /** Revokes a key (the active key is rotated first); its plates are re-issued under the active key in the background. */
    async revoke(adminId: string, ip: string, keyId: number): Promise<KeyChangeOutcome> {
      const key = await keys.find(keyId);
      if (!key) return { ok: false, reason: 'no-such-key', message: NO_SUCH_KEY };
      if (key.status === 'revoked') return { ok: false, reason: 'already-revoked', message: KEY_ALREADY_REVOKED };
      if (key.status === 'active') {
        if (!canRotate) return { ok: false, reason: 'set-by-operators', message: KEY_SET_BY_OPERATORS };
        await rotate(adminId, ip);
      }
      const plates = (await keys.signedCounts()).get(key.keyId) ?? 0;
      // Revoked and the run recorded together: a restart in between cannot leave the key's plates unrecorded.
      const run = await db.transaction(async (tx) => {
        await signingKeyRepository(tx).setStatus(key.keyId, 'revoked');
        return startReissue(tx, { keyId: key.keyId, reason: 'revoked', startedBy: adminId });
      });
      await auditRepository(db).record({
        actorId: adminId,
        action: 'key.revoke',
        target: String(key.keyId),
        detail: { platesSigned: plates, reissueRun: run.id, reissuePlates: run.total },
        ip,
      });
      reissue.kick();
      return { ok: true };
    },
  };
}
