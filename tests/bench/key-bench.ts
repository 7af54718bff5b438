/**
 * Key replacement figures for `npm run bench` (`--keys-only` runs just these): a registry of
 * 50,000 plates (seeded as the demo registry is, by seedDemoRegistry, each plate with one of
 * 5,000 owners) whose signing key is revoked, then re-issued by the re-issue run
 * (src/server/jobs/credential-reissue.ts) in its batches of 500, with the change-log entries
 * and owners' notices it writes.
 * - time to re-issue all, and plates/s, beside a reference measured in the same run: the bare
 *   work of signing the same 50,000 credentials and writing them in transactions of 500 (no
 *   cursor, buckets, change log or notices), on a second rotation of the same registry;
 * - while the run goes, plates are sampled at random after every batch: each one's old QR code
 *   (the revoked key's) and the credential a route hands out for it (re-issued on demand if
 *   the run has not reached it) are judged as a device does against the registry
 *   (verifyCredential, then judgeOutdatedCredential). Any plate the registry holds as valid
 *   that reads as possibly forged is counted [0].
 * The database is an in-memory PGlite in this process: nothing leaves it, and it stops by itself.
 */
import pino from 'pino';
import type { CredentialFields } from '#domain/credential/credential';
import { judgeOutdatedCredential } from '#domain/credential/outdated-credential';
import { type TrustedKey, verifyCredential } from '#domain/credential/verdict';
import { signCredentialWith } from '../../src/server/credentials/issue';
import { openSigner, rotateKey } from '../../src/server/credentials/key-store';
import { type Database, openPglite } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { ensureCurrentCredentials, runReissueBatch, startReissue } from '../../src/server/jobs/credential-reissue';
import { credentialReissueRepository } from '../../src/server/repositories/credential-reissue-repository';
import { registryRepository } from '../../src/server/repositories/registry-repository';
import { signingKeyRepository } from '../../src/server/repositories/signing-key-repository';
import { seedDemoRegistry } from '../../src/server/seed/seed-demo';
import { figureLine, type Print } from './figures';

const PLATES = 50_000;
const OWNERS = 5_000;
const SAMPLES_PER_BATCH = 12;
const BATCH = 500;
const source = { keyDir: 'memory://', signingKey: undefined };
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

async function trustedKeys(db: Database): Promise<Map<number, TrustedKey>> {
  return new Map(
    (await signingKeyRepository(db).all()).map((key) => [
      key.keyId,
      { keyId: key.keyId, publicKey: key.publicKey, status: key.status },
    ]),
  );
}

/** How a device judges a QR code against the registry: 'forged' when it would read Not authentic. */
function judged(
  bytes: Uint8Array,
  keys: ReadonlyMap<number, TrustedKey>,
  entry: Awaited<ReturnType<typeof heldEntry>>,
  today: string,
): 'forged' | 'ok' {
  const result = verifyCredential(bytes, { keys, revocations: new Map(), today });
  const signed: CredentialFields | undefined = result.credential;
  const status = signed ? keys.get(signed.keyId)?.status : undefined;
  if (signed && status && status !== 'active') {
    const judgement = judgeOutdatedCredential({
      credential: signed,
      keyStatus: status,
      registry: { entry },
      revocations: new Map(),
      today,
    });
    if (judgement.outcome === 'reissued') return 'ok';
    if (judgement.outcome === 'may-be-forged' || judgement.outcome === 'needs-registry') return 'forged';
  }
  return result.verdict === 'Not authentic' ? 'forged' : 'ok';
}

async function heldEntry(db: Database, plateNumber: string) {
  const plate = await registryRepository(db).find(plateNumber);
  if (!plate) return undefined;
  return {
    plateNumber,
    status: plate.standing,
    make: plate.make,
    model: plate.model,
    colour: plate.colour,
    registrationDate: plate.registrationDate,
    expiryDate: plate.expiryDate,
    keyId: plate.keyId,
  };
}

export async function keyReplacementFigures(print: Print): Promise<void> {
  print('');
  print(
    `key replacement: ${PLATES.toLocaleString('en-GB')} registered plates, key revoked, re-issued under the active key`,
  );
  const db = await openPglite('memory://');
  try {
    await migrate(db);
    const first = await openSigner(db, source);
    if (!first) throw new Error('no signing key');
    const seedStart = performance.now();
    await seedDemoRegistry(db, first, PLATES, pino({ level: 'silent' }));
    await db.query(
      `INSERT INTO users (id, email, name, password_hash, account_type, user_type, status)
       SELECT 'BENCH-' || n, 'owner' || n || '@bench.zm', 'Owner ' || n, 'x', 'individual', 'Customer', 'Active' FROM generate_series(1, $1) AS n`,
      [OWNERS],
    );
    await db.query(`UPDATE registered_plates SET owner_id = 'BENCH-' || (1 + abs(hashtext(plate_number)) % $1)`, [
      OWNERS,
    ]);
    const [{ n: plates } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM registered_plates',
    );
    print(
      figureLine(
        '  seeded (seedDemoRegistry)',
        `${plates}`,
        null,
        `plates in ${seconds(performance.now() - seedStart)}`,
      ),
    );

    // Every plate's QR code as it is on the road: signed by key 1, about to be revoked.
    const oldCodes = new Map(
      (
        await db.query<{ plate_number: string; credential: Uint8Array }>(
          'SELECT plate_number, credential FROM registered_plates',
        )
      ).map((row) => [row.plate_number, new Uint8Array(row.credential)]),
    );
    const numbers = [...oldCodes.keys()];
    const today = new Date().toISOString().slice(0, 10);

    // Revoked as the QR System page and the CLI do: a new active key, the old one revoked, a run recorded.
    const signer = await rotateKey(db, source);
    await db.transaction(async (tx) => {
      await signingKeyRepository(tx).setStatus(first.keyId, 'revoked');
      await startReissue(tx, { keyId: first.keyId, reason: 'revoked', startedBy: null });
    });
    const keys = await trustedKeys(db);

    let samples = 0;
    let forged = 0;
    let handedOutRevoked = 0;
    let workMs = 0;
    let batches = 0;
    const sample = async () => {
      for (let index = 0; index < SAMPLES_PER_BATCH; index += 1) {
        const plateNumber = numbers[Math.floor(Math.random() * numbers.length)] ?? '';
        const entry = await heldEntry(db, plateNumber);
        if (entry?.status !== 'Valid') continue;
        samples += 1;
        if (judged(oldCodes.get(plateNumber) ?? new Uint8Array(), keys, entry, today) === 'forged') forged += 1;
        // What a route hands out for it (one sample in four: the on-demand path).
        if (index % 4 === 0) {
          const handed = await db.transaction(async (tx) => {
            await ensureCurrentCredentials(tx, signer, [plateNumber]);
            return registryRepository(tx).find(plateNumber);
          });
          if (!handed || keys.get(handed.keyId)?.status === 'revoked') handedOutRevoked += 1;
          else if (judged(handed.credential, keys, await heldEntry(db, plateNumber), today) === 'forged') forged += 1;
        }
      }
    };
    await sample();
    for (;;) {
      const started = performance.now();
      const outcome = await runReissueBatch(db, signer, { batchSize: BATCH });
      workMs += performance.now() - started;
      if (outcome.state !== 'more' && outcome.state !== 'finished') break;
      batches += 1;
      await sample();
      if (outcome.state === 'finished') break;
    }
    const run = await credentialReissueRepository(db).latest();
    const [{ left } = { left: -1 }] = await db.query<{ left: number }>(
      'SELECT count(*)::int AS left FROM registered_plates WHERE key_id <> $1',
      [signer.keyId],
    );
    const [{ entries } = { entries: 0 }] = await db.query<{ entries: number }>(
      "SELECT count(*)::int AS entries FROM change_log WHERE entity = 'credentialBucket'",
    );
    const [{ notices } = { notices: 0 }] = await db.query<{ notices: number }>(
      "SELECT count(*)::int AS notices FROM notifications WHERE kind = 'credential-reissued'",
    );

    // Reference: the bare signing and writing of the same plates, in transactions of 500, on the next rotation.
    const next = await rotateKey(db, source);
    const referenceStart = performance.now();
    for (let start = 0; start < numbers.length; start += BATCH) {
      await db.transaction(async (tx) => {
        const rows = await tx.query<{
          plate_number: string;
          make: string;
          model: string;
          colour: string;
          registration_date: string;
          expiry_date: string;
        }>(
          `SELECT plate_number, make, model, colour, to_char(registration_date, 'YYYY-MM-DD') AS registration_date, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date
           FROM registered_plates WHERE plate_number = ANY($1::text[]) FOR UPDATE`,
          [numbers.slice(start, start + BATCH)],
        );
        const signed = rows.map((row) => ({
          plateNumber: row.plate_number,
          keyId: next.keyId,
          credential: signCredentialWith(next, {
            plateNumber: row.plate_number,
            make: row.make,
            model: row.model,
            colour: row.colour,
            registrationDate: row.registration_date,
            expiryDate: row.expiry_date,
          }),
        }));
        await credentialReissueRepository(tx).writeCredentials(signed);
      });
    }
    const referenceMs = performance.now() - referenceStart;

    const rate = (count: number, time: number) =>
      `${Math.round(count / (time / 1000)).toLocaleString('en-GB')} plates/s`;
    print(
      figureLine(
        '  time to re-issue all (the run)',
        seconds(workMs),
        null,
        `${rate(plates, workMs)}; ${batches} batches; run ${run?.state ?? '?'} ${run?.done ?? 0}/${run?.total ?? 0}; left on old keys ${left}`,
      ),
    );
    print(
      figureLine(
        '  reference: bare sign + write, 500 per tx',
        seconds(referenceMs),
        null,
        `${rate(plates, referenceMs)}; the run costs ${(workMs / referenceMs).toFixed(2)}× the bare work`,
      ),
    );
    print(
      figureLine(
        '  change-log entries (per bucket per batch)',
        `${entries}`,
        null,
        `for ${plates} plates; owners told ${notices} (of ${OWNERS})`,
      ),
    );
    print(
      figureLine(
        '  valid plates read forged, sampled in run',
        `${forged}`,
        { text: '0', pass: forged === 0 && handedOutRevoked === 0 },
        `${samples} plates sampled after each of ${batches} batches; revoked-key credentials handed out ${handedOutRevoked}`,
      ),
    );
  } finally {
    await db.close();
  }
}
