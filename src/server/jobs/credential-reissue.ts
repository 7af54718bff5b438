/**
 * Re-issuing credentials after a signing key is revoked or retired
 * (docs/decisions/043-reissue-after-key-revoke.md).
 *
 * A run re-signs, under the active key, every registered plate whose credential another
 * key signed: the same fields, a new key id and signature. It works in batches, one
 * transaction each, walking the registry in (bucket, plate number) order; the cursor is
 * written in the batch's transaction, so a server that stops mid-run resumes after the last
 * batch that committed, and no plate is done twice or skipped. Each batch gives its buckets
 * a new version (officers' copies fetch them again), writes one change-log entry per bucket
 * for the owners' devices (not one per plate), and tells each owner once per run that their
 * QR code and certificate are new.
 *
 * Until the run reaches a plate, any route about to hand out its credential signed by a
 * revoked key re-issues that plate first (`ensureCurrentCredentials`).
 */
import type { FastifyInstance } from 'fastify';
import { bytesToDigits } from '#domain/credential/numeric';
import { signCredentialWith } from '../credentials/issue';
import type { Signer } from '../credentials/key-store';
import type { Database, Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { changeLogRepository } from '../repositories/change-log-repository';
import { signingKeyRepository } from '../repositories/signing-key-repository';
import {
  credentialReissueRepository,
  type PlateToResign,
  type ReissueReason,
  type ReissueRun,
} from '../repositories/credential-reissue-repository';
import { registryRepository } from '../repositories/registry-repository';

/** The change-log entity that carries a bucket's re-issued credentials to their owners' devices. */
export const CREDENTIAL_BUCKET_ENTITY = 'credentialBucket';

/** Plates per transaction: small enough to keep each transaction short, large enough to cost few round trips. */
export const REISSUE_BATCH_SIZE = 500;

export interface ReissuedCredential {
  plateNumber: string;
  keyId: number;
  credentialDigits: string;
}

export interface CredentialBucketChange {
  bucket: number;
  plates: ReissuedCredential[];
}

export function reissueNotice(plateNumber: string, otherPlates: number): { title: string; body: string } {
  const which =
    otherPlates === 0
      ? plateNumber
      : `${plateNumber} and your ${otherPlates} other plate${otherPlates === 1 ? '' : 's'}`;
  return {
    title: `New QR code for ${plateNumber}`,
    body:
      `Your QR code and certificate for ${which} are new: the registry now signs with a new key. ` +
      'Download the new certificate from your dashboard and replace the QR code on the plate. ' +
      'Until then the old QR code reads "Re-issued: this QR code is out of date. Check the number", and a check of the number still shows your registration.',
  };
}

/** Signs each plate's unchanged fields with the signer's key. */
function resign(
  signer: Signer,
  plates: readonly PlateToResign[],
): Array<ReissuedCredential & { credential: Uint8Array; bucket: number; ownerId: string | null }> {
  return plates.map((plate) => {
    const credential = signCredentialWith(signer, {
      plateNumber: plate.plateNumber,
      make: plate.make,
      model: plate.model,
      colour: plate.colour,
      registrationDate: plate.registrationDate,
      expiryDate: plate.expiryDate,
    });
    return {
      plateNumber: plate.plateNumber,
      keyId: signer.keyId,
      credential,
      credentialDigits: bytesToDigits(credential),
      bucket: plate.bucket,
      ownerId: plate.ownerId,
    };
  });
}

/**
 * Writes re-signed plates in the caller's transaction: the registry rows, their buckets'
 * versions, one change-log entry per bucket (`entryId` names it), and a notice to each
 * owner not yet told during the run.
 */
async function writeResigned(
  tx: Queryable,
  signer: Signer,
  runId: number | null,
  plates: readonly PlateToResign[],
  entryId: (bucket: number) => string,
): Promise<number> {
  if (plates.length === 0) return 0;
  const reissue = credentialReissueRepository(tx);
  const owners = [...new Set(plates.flatMap((plate) => (plate.ownerId === null ? [] : [plate.ownerId])))];
  const toTell = runId === null ? owners : await reissue.firstNotices(runId, owners);
  // Counted before the rows change: the owner's plates still on an old key, these included.
  const counts = new Map<string, number>();
  for (const owner of toTell) counts.set(owner, await reissue.outdatedPlatesOf(owner, signer.keyId));
  const signed = resign(signer, plates);
  await reissue.writeCredentials(signed);
  await registryRepository(tx).touchBuckets(signed.map((plate) => plate.bucket));
  const byBucket = new Map<number, typeof signed>();
  for (const plate of signed) {
    if (plate.ownerId === null) continue;
    byBucket.set(plate.bucket, [...(byBucket.get(plate.bucket) ?? []), plate]);
  }
  const log = changeLogRepository(tx);
  for (const [bucket, inBucket] of byBucket) {
    const scopes = [...new Set(inBucket.map((plate) => `user:${plate.ownerId ?? ''}`))];
    const data: CredentialBucketChange = {
      bucket,
      plates: inBucket.map(({ plateNumber, keyId, credentialDigits }) => ({ plateNumber, keyId, credentialDigits })),
    };
    await log.record(scopes, CREDENTIAL_BUCKET_ENTITY, entryId(bucket), 'put', { ...data });
  }
  for (const owner of toTell) {
    const first = signed.find((plate) => plate.ownerId === owner);
    if (!first) continue;
    await notify(tx, owner, {
      kind: 'credential-reissued',
      ...reissueNotice(first.plateNumber, Math.max(0, (counts.get(owner) ?? 1) - 1)),
      link: '/dashboard/user/certificates',
    });
  }
  return signed.length;
}

/** Starts a run in the caller's transaction (after the key's status changed), superseding one still going. */
export async function startReissue(
  tx: Queryable,
  input: { keyId: number; reason: ReissueReason; startedBy: string | null },
): Promise<ReissueRun> {
  const active = await signingKeyRepository(tx).active();
  if (!active) throw new Error('There is no active signing key to re-issue credentials with.');
  return credentialReissueRepository(tx).start({ ...input, activeKeyId: active.keyId });
}

export type BatchOutcome =
  { state: 'idle' } | { state: 'busy' } | { state: 'more' | 'finished'; runId: number; count: number };

export interface BatchOptions {
  batchSize?: number;
  /** Called inside the batch's transaction before it commits (tests stop a run there, as a crash would). */
  beforeCommit?: (batch: { runId: number; count: number }) => Promise<void> | void;
}

/** One batch of the running run, in one transaction. */
export async function runReissueBatch(db: Database, signer: Signer, options: BatchOptions = {}): Promise<BatchOutcome> {
  const size = options.batchSize ?? REISSUE_BATCH_SIZE;
  return db.transaction(async (tx): Promise<BatchOutcome> => {
    const reissue = credentialReissueRepository(tx);
    const run = await reissue.lockRunning();
    if (!run) return (await reissue.running()) ? { state: 'busy' } : { state: 'idle' };
    await signer.catchUp?.(tx);
    const plates = await reissue.nextBatch(run.cursor, signer.keyId, size);
    const batch = run.batches + 1;
    const count = await writeResigned(tx, signer, run.id, plates, (bucket) => `${run.id}:${batch}:${bucket}`);
    const last = plates.at(-1);
    if (last) await reissue.advance(run.id, { bucket: last.bucket, plateNumber: last.plateNumber }, count);
    if (plates.length < size) await reissue.finish(run.id);
    await options.beforeCommit?.({ runId: run.id, count });
    return { state: plates.length < size ? 'finished' : 'more', runId: run.id, count };
  });
}

/** Runs batches until the run has finished (or another server holds it); between batches it yields to requests. */
export async function reissueUntilDone(
  db: Database,
  signer: Signer,
  options: BatchOptions & { shouldStop?: () => boolean } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    if (options.shouldStop?.()) return total;
    const outcome = await runReissueBatch(db, signer, options);
    if (outcome.state === 'idle' || outcome.state === 'busy') return total;
    total += outcome.count;
    if (outcome.state === 'finished') return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Before a route hands out these plates' credentials: any signed by a revoked key is
 * re-issued now, in the caller's transaction, under the active key (and counted in the run).
 * Returns the plates re-issued.
 */
export async function ensureCurrentCredentials(
  tx: Queryable,
  signer: Signer | null,
  plateNumbers: readonly string[],
): Promise<string[]> {
  if (plateNumbers.length === 0) return [];
  const reissue = credentialReissueRepository(tx);
  const outdated = await reissue.signedByRevokedKeys(plateNumbers);
  if (outdated.length === 0) return [];
  if (!signer)
    throw new Error(
      'A credential signed by a revoked key cannot be re-issued: the active signing key is not on this server.',
    );
  await signer.catchUp?.(tx);
  const locked = (
    await Promise.all(outdated.map((plateNumber) => reissue.lockIfOutdated(plateNumber, signer.keyId)))
  ).flatMap((plate) => (plate ? [plate] : []));
  const run = await reissue.running();
  await writeResigned(
    tx,
    signer,
    run?.id ?? null,
    locked,
    (bucket) => `${run?.id ?? 0}:on-demand:${bucket}:${locked.map((plate) => plate.plateNumber).join(',')}`,
  );
  if (run) for (const _plate of locked) await reissue.countOne(run.id);
  return locked.map((plate) => plate.plateNumber);
}

/** The revoked keys' ids (a route checks them before parsing what it hands out). */
export async function revokedKeyIds(db: Queryable): Promise<Set<number>> {
  return signingKeyRepository(db).revokedIds();
}

export interface ReissueRunner {
  /** Works through the running run in the background, if it is not already being worked on here. */
  kick(): void;
  /** Resolves when the background work started by kick has stopped. */
  idle(): Promise<void>;
}

/** The server's runner: resumes an unfinished run when the server is ready, and works a run started by a key change. */
export function registerCredentialReissue(app: FastifyInstance, db: Database, signer: Signer | null): ReissueRunner {
  let running: Promise<void> | undefined;
  let again = false;
  let closing = false;
  const work = async (): Promise<void> => {
    if (!signer) return;
    do {
      again = false;
      const count = await reissueUntilDone(db, signer, { shouldStop: () => closing });
      if (count > 0) app.log.info({ count }, 'credentials re-issued under the active key');
    } while (again && !closing);
  };
  const runner: ReissueRunner = {
    kick() {
      if (closing) return;
      if (running) {
        again = true;
        return;
      }
      running = work()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 're-issuing credentials failed; the run resumes at the next start'),
        )
        .finally(() => {
          running = undefined;
        });
    },
    async idle() {
      while (running) await running;
    },
  };
  app.addHook('onReady', async () => {
    if (!signer) {
      if (await credentialReissueRepository(db).running())
        app.log.warn('a credential re-issue run is unfinished, but the active signing key is not on this server');
      return;
    }
    runner.kick();
  });
  app.addHook('preClose', async () => {
    closing = true;
    await runner.idle();
  });
  return runner;
}

interface PulledChange {
  entity: string;
  id: string;
  op: 'put' | 'delete';
  data: Record<string, unknown> | null;
}

/** The key id of a change's credential(s): an owner's plate view, or a bucket of re-issued credentials. */
function keyIdsIn(change: PulledChange): number[] {
  if (change.op !== 'put' || change.data === null) return [];
  if (change.entity === 'ownedPlate') {
    const registration = change.data.registration as { keyId?: unknown } | null | undefined;
    return typeof registration?.keyId === 'number' ? [registration.keyId] : [];
  }
  if (change.entity === CREDENTIAL_BUCKET_ENTITY)
    return ((change.data as unknown as CredentialBucketChange).plates ?? []).map((plate) => plate.keyId);
  return [];
}

/**
 * A pull page as it may be handed out: older entries in the change log still carry
 * credentials a key revoked since signed. Those plates are re-issued now (when the run has
 * not reached them) and the entries carry their current credential instead. The page is
 * parsed only when it names a revoked key at all.
 */
export async function withCurrentCredentials(
  db: Database,
  signer: Signer | null,
  changesJson: string,
): Promise<string> {
  const revoked = await revokedKeyIds(db);
  if (revoked.size === 0) return changesJson;
  const mention = new RegExp(`"keyId": ?(${[...revoked].join('|')})[,}]`);
  if (!mention.test(changesJson)) return changesJson;
  const changes = JSON.parse(changesJson) as PulledChange[];
  const stale = changes.filter((change) => keyIdsIn(change).some((keyId) => revoked.has(keyId)));
  if (stale.length === 0) return changesJson;
  const plateNumbers = new Set<string>();
  for (const change of stale) {
    if (change.entity === 'ownedPlate') plateNumbers.add(change.id);
    else
      for (const plate of (change.data as unknown as CredentialBucketChange).plates)
        if (revoked.has(plate.keyId)) plateNumbers.add(plate.plateNumber);
  }
  const current = await db.transaction(async (tx) => {
    await ensureCurrentCredentials(tx, signer, [...plateNumbers]);
    const rows = await credentialReissueRepository(tx).currentCredentials([...plateNumbers]);
    return new Map(
      rows.map((row) => [row.plateNumber, { keyId: row.keyId, credentialDigits: bytesToDigits(row.credential) }]),
    );
  });
  const fresh = changes.map((change): PulledChange => {
    if (!stale.includes(change) || change.data === null) return change;
    if (change.entity === 'ownedPlate') {
      const now = current.get(change.id);
      const registration = change.data.registration as Record<string, unknown> | null;
      // A plate no longer registered: its registration (and credential) is left out rather than handed out.
      return {
        ...change,
        data: { ...change.data, registration: now && registration ? { ...registration, ...now } : null },
      };
    }
    const bucket = change.data as unknown as CredentialBucketChange;
    const plates = bucket.plates.flatMap((plate) => {
      if (!revoked.has(plate.keyId)) return [plate];
      const now = current.get(plate.plateNumber);
      return now ? [{ plateNumber: plate.plateNumber, ...now }] : [];
    });
    return { ...change, data: { ...bucket, plates } };
  });
  return JSON.stringify(fresh);
}
