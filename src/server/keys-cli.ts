/**
 * `npm run keys -- <command>`: the registry's signing keys from the command line.
 *   list          every key with its id and status
 *   rotate        a new active key; the old one retires, and its plates are re-issued
 *   revoke <id>   a key that must no longer be trusted (lost or leaked). Revoking the
 *                 active key rotates first. Its plates are re-issued under the active key.
 *   reissue       works through an unfinished re-issue run (the server also resumes it on start)
 * Re-issuing runs here, batch by batch, when the active key's private half is on this
 * machine; stopped part way (Ctrl-C), it carries on from the last batch at the next
 * `reissue` or server start (docs/decisions/043-reissue-after-key-revoke.md).
 * It uses the same configuration as the server (DATA_DIR, DATABASE_URL,
 * SIGNING_KEY_DIR). The embedded database allows one process at a time: stop the
 * server first, or run it against DATABASE_URL.
 */
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { openSigner, rotateKey } from './credentials/key-store';
import type { Database } from './db/database';
import { reissueUntilDone, startReissue } from './jobs/credential-reissue';
import { credentialReissueRepository } from './repositories/credential-reissue-repository';
import { signingKeyRepository } from './repositories/signing-key-repository';
import type { KeySource } from './credentials/key-store';

const USAGE = 'Usage: npm run keys -- list | rotate | revoke <key id> | reissue';

/** Re-issues the running run's plates here, printing progress; false when this machine cannot sign. */
async function workRun(db: Database, source: KeySource): Promise<boolean> {
  const run = await credentialReissueRepository(db).running();
  if (!run) return true;
  const signer = await openSigner(db, source);
  if (!signer) {
    process.stdout.write(
      `Re-issue run ${run.id} (${run.total} plates) is recorded; the server that holds the active key carries it out when it starts.\n`,
    );
    return false;
  }
  process.stdout.write(`Re-issuing ${run.total - run.done} of ${run.total} plates under key ${signer.keyId}…\n`);
  const count = await reissueUntilDone(db, signer, {
    beforeCommit: ({ count: batch }) => {
      if (batch > 0) process.stdout.write('.');
    },
  });
  const after = await credentialReissueRepository(db).latest();
  process.stdout.write(
    `\n${count} credentials re-issued; run ${after?.id ?? run.id} is ${after?.state ?? 'running'} (${after?.done ?? 0} of ${after?.total ?? run.total}).\n`,
  );
  return true;
}

async function main(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (command !== 'list' && command !== 'rotate' && command !== 'revoke' && command !== 'reissue') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const keys = signingKeyRepository(db);
    if (command === 'rotate') {
      const previous = await keys.active();
      const signer = await rotateKey(db, config);
      process.stdout.write(`Key ${signer.keyId} is now active; the previous key is retired.\n`);
      if (previous)
        await db.transaction((tx) => startReissue(tx, { keyId: previous.keyId, reason: 'retired', startedBy: null }));
      await workRun(db, config);
    } else if (command === 'reissue') {
      if (!(await credentialReissueRepository(db).running())) process.stdout.write('No re-issue run is unfinished.\n');
      await workRun(db, config);
    } else if (command === 'revoke') {
      const keyId = Number(argument);
      const key = Number.isInteger(keyId) ? await keys.find(keyId) : undefined;
      if (!key) {
        process.stderr.write(`No key with id '${argument ?? ''}'.\n${USAGE}\n`);
        return 2;
      }
      if (key.status === 'active') {
        const signer = await rotateKey(db, config);
        process.stdout.write(`Key ${signer.keyId} is now active.\n`);
      }
      await db.transaction(async (tx) => {
        await signingKeyRepository(tx).setStatus(keyId, 'revoked');
        await startReissue(tx, { keyId, reason: 'revoked', startedBy: null });
      });
      process.stdout.write(
        `Key ${keyId} is revoked. Its plates are re-issued under the active key; until a plate is, its old QR code reads "Re-issued: this QR code is out of date. Check the number".\n`,
      );
      await workRun(db, config);
    }
    for (const key of await keys.all())
      process.stdout.write(`${String(key.keyId).padStart(5)}  ${key.status.padEnd(8)}  created ${key.createdAt}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
