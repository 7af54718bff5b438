/**
 * `npm run keys -- <command>`: the registry's signing keys from the command line.
 *   list          every key with its id and status
 *   rotate        a new active key; the old one retires and keeps verifying
 *   revoke <id>   a key that must no longer be trusted (lost or leaked): every
 *                 credential it signed reads Not authentic on devices after their
 *                 next sync. Revoking the active key rotates first.
 * It uses the same configuration as the server (DATA_DIR, DATABASE_URL,
 * SIGNING_KEY_DIR). The embedded database allows one process at a time: stop the
 * server first, or run it against DATABASE_URL.
 */
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { rotateKey } from './credentials/key-store';
import { signingKeyRepository } from './repositories/signing-key-repository';

const USAGE = 'Usage: npm run keys -- list | rotate | revoke <key id>';

async function main(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (command !== 'list' && command !== 'rotate' && command !== 'revoke') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const keys = signingKeyRepository(db);
    if (command === 'rotate') {
      const signer = await rotateKey(db, config);
      process.stdout.write(`Key ${signer.keyId} is now active; the previous key is retired and still verifies.\n`);
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
      await keys.setStatus(keyId, 'revoked');
      process.stdout.write(`Key ${keyId} is revoked: credentials it signed are Not authentic once devices sync. Re-issue those plates' credentials.\n`);
    }
    for (const key of await keys.all()) process.stdout.write(`${String(key.keyId).padStart(5)}  ${key.status.padEnd(8)}  created ${key.createdAt}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
