/**
 * The keys folder must belong with the database: checked at start, before a key is made or
 * a row written. Each mismatch stops the start with one line saying which is which and what
 * to do (server.ts prints it; server-process.test.ts shows the whole process doing so).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSigner } from '../../src/server/credentials/key-store';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { StartupError } from '../../src/server/startup-error';
import { openTestDatabase } from './test-app';

describe('a keys folder checked against its database at start', () => {
  let db: Database;
  let folders: string[] = [];
  const newFolder = async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'nambala-keys-'));
    folders.push(folder);
    return folder;
  };
  const writeKey = (folder: string, keyId: number) =>
    writeFile(
      path.join(folder, `registry-key-${keyId}.pem`),
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }),
      { mode: 0o600 },
    );

  beforeEach(async () => {
    db = await openTestDatabase();
    await migrate(db);
  });
  afterEach(async () => {
    await db.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
    folders = [];
  });

  it('refuses keys beside a database that has none, and writes nothing (it died on EEXIST)', async () => {
    const keys = await newFolder();
    await writeKey(keys, 1);
    const opening = openSigner(db, { keyDir: keys, signingKey: undefined });
    await expect(opening).rejects.toBeInstanceOf(StartupError);
    await expect(opening).rejects.toThrow(
      `The keys folder ${keys} holds signing keys (registry-key-1.pem) but the database has none: the keys belong to another database. Restore that database (docs/backup-and-restore.md), or move the keys folder aside to start a new, empty registry.`,
    );
    expect(await db.query('SELECT key_id FROM signing_keys')).toEqual([]);
    expect(await readdir(keys)).toEqual(['registry-key-1.pem']);
  });

  it('refuses a database whose keys are in none of the folder, unless the instance only verifies', async () => {
    await openSigner(db, { keyDir: await newFolder(), signingKey: undefined });
    const empty = await newFolder();
    await expect(openSigner(db, { keyDir: empty, signingKey: undefined })).rejects.toThrow(
      `The database has signing keys (registry-key-1.pem) but the keys folder ${empty} holds none of them: put the keys kept with the database's backup in ${empty} or set SIGNING_KEY_DIR to where they are (docs/backup-and-restore.md); an instance that only verifies plates starts with VERIFY_ONLY=true.`,
    );
    await expect(
      openSigner(db, { keyDir: path.join(empty, 'never-made'), signingKey: undefined }),
    ).rejects.toBeInstanceOf(StartupError);
    expect(await openSigner(db, { keyDir: empty, signingKey: undefined, verifyOnly: true })).toBeUndefined();
  });

  it("refuses a key file that is not the database's key of that id", async () => {
    await openSigner(db, { keyDir: await newFolder(), signingKey: undefined });
    const other = await newFolder();
    await writeKey(other, 1);
    await expect(openSigner(db, { keyDir: other, signingKey: undefined })).rejects.toThrow(
      /holds a registry-key-1\.pem that is not the database's key 1/,
    );
  });

  it('opens the folder that goes with the database', async () => {
    const keys = await newFolder();
    const first = await openSigner(db, { keyDir: keys, signingKey: undefined });
    expect((await openSigner(db, { keyDir: keys, signingKey: undefined }))?.keyId).toBe(first?.keyId);
  });
});
