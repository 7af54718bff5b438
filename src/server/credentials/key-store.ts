/**
 * The registry's signing keys. Public halves live in the database (devices fetch
 * them); private halves never do: each is a PKCS#8 file registry-key-<id>.pem in the
 * key folder (data/keys by default, SIGNING_KEY_DIR to move it), or one key given by
 * value in SIGNING_KEY_PEM with SIGNING_KEY_ID. On first start with no key at all
 * the server makes one. Rotation (`npm run keys -- rotate`) adds a new active key and
 * retires the old one, whose credentials keep verifying until they expire.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from '../db/database';
import { signingKeyRepository } from '../repositories/signing-key-repository';
import { databaseWithoutKeys, folderProblem, keyDoesNotMatch, keysWithoutDatabase } from '../startup-error';

export interface Signer {
  readonly keyId: number;
  sign(message: Uint8Array): Uint8Array;
  /**
   * Called before signing in `tx`: brings the signer to the database's active key (another
   * server instance may have rotated it) and holds that key's row until `tx` ends, so that
   * no instance retires or revokes it meanwhile. Only the server's own signer has one.
   */
  catchUp?(tx: Queryable): Promise<void>;
}

export interface KeySource {
  keyDir: string;
  signingKey: { keyId: number; pem: string } | undefined;
  /** VERIFY_ONLY: this instance holds no private key on purpose (it verifies and serves keys, issues nothing). */
  verifyOnly?: boolean;
}

// Keys made for an in-memory database live as long as the process, found by their
// public half (several in-memory databases in one process each have a key 1).
const memoryKeys = new Map<string, KeyObject>();
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function keyFile(keyDir: string, keyId: number): string {
  return path.join(keyDir, `registry-key-${keyId}.pem`);
}

/** The raw 32-byte Ed25519 public key of a private key. */
export function rawPublicKey(privateKey: KeyObject): Uint8Array {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('The signing key is not an Ed25519 key');
  return new Uint8Array(Buffer.from(jwk.x, 'base64url'));
}

const KEY_FILE = /^registry-key-(\d+)\.pem$/;

/** The key files in the folder, by key id; none when the folder does not exist yet. */
async function keyFilesIn(keyDir: string): Promise<Map<number, string>> {
  try {
    const names = await readdir(keyDir);
    return new Map(
      names.flatMap((name) => {
        const match = KEY_FILE.exec(name);
        return match ? [[Number(match[1]), name] as const] : [];
      }),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw folderProblem(error, 'keys folder', keyDir, 'SIGNING_KEY_DIR') ?? error;
  }
}

/**
 * Whether the keys folder belongs with the database, checked before anything is made: keys
 * with an empty database (a new database beside an old folder: it once died on EEXIST as it
 * wrote its first key over an old one), a database whose keys are none of the folder's, or a
 * key file whose public half is not the database's. Each stops the start with a StartupError.
 */
async function checkKeyFolder(tx: Queryable, source: KeySource): Promise<void> {
  if (source.keyDir === 'memory://') return;
  const files = await keyFilesIn(source.keyDir);
  const known = await signingKeyRepository(tx).all();
  if (known.length === 0) {
    if (files.size > 0 && !source.signingKey) throw keysWithoutDatabase(source.keyDir, [...files.values()]);
    return;
  }
  const inFolder = known.filter((key) => files.has(key.keyId));
  if (inFolder.length === 0 && !source.signingKey && !source.verifyOnly)
    throw databaseWithoutKeys(
      source.keyDir,
      known.map((key) => key.keyId),
    );
  for (const key of inFolder) {
    const privateKey = await readPrivateKey(source, key.keyId, key.publicKey).catch(() => undefined);
    if (privateKey && Buffer.compare(Buffer.from(rawPublicKey(privateKey)), Buffer.from(key.publicKey)) !== 0)
      throw keyDoesNotMatch(source.keyDir, key.keyId);
  }
}

async function readPrivateKey(source: KeySource, keyId: number, publicKey: Uint8Array): Promise<KeyObject | undefined> {
  if (source.signingKey?.keyId === keyId) return createPrivateKey(source.signingKey.pem);
  if (source.keyDir === 'memory://') return memoryKeys.get(hex(publicKey));
  try {
    return createPrivateKey(await readFile(keyFile(source.keyDir, keyId), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function storePrivateKey(source: KeySource, keyId: number, privateKey: KeyObject): Promise<void> {
  if (source.keyDir === 'memory://') {
    memoryKeys.set(hex(rawPublicKey(privateKey)), privateKey);
    return;
  }
  await mkdir(source.keyDir, { recursive: true, mode: 0o700 });
  const file = keyFile(source.keyDir, keyId);
  // 'wx': never overwrite a key that exists; readable by this user only.
  await writeFile(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { flag: 'wx', mode: 0o600 });
  await chmod(file, 0o600);
}

function signerFor(keyId: number, privateKey: KeyObject): Signer {
  return { keyId, sign: (message) => new Uint8Array(sign(null, message, privateKey)) };
}

/** Makes a new key pair, stores the private half, and makes it the active key. */
async function createActiveKey(tx: Queryable, source: KeySource): Promise<Signer> {
  const keys = signingKeyRepository(tx);
  const keyId = await keys.nextId();
  const { privateKey } = generateKeyPairSync('ed25519');
  await storePrivateKey(source, keyId, privateKey);
  await keys.addActive(keyId, rawPublicKey(privateKey));
  return signerFor(keyId, privateKey);
}

/**
 * The signer for the active key, creating the first key when there is none. When the
 * active key's private half is not on this machine the server still verifies and
 * serves keys, but cannot issue credentials: undefined, and the caller says so.
 */
export async function openSigner(db: Database, source: KeySource): Promise<Signer | undefined> {
  return db.transaction(async (tx) => {
    await signingKeyRepository(tx).lockKeys();
    await checkKeyFolder(tx, source);
    const keys = signingKeyRepository(tx);
    if (source.signingKey && !(await keys.find(source.signingKey.keyId))) {
      // A key given by value that the database has not seen yet becomes the active one.
      const privateKey = createPrivateKey(source.signingKey.pem);
      await keys.addActive(source.signingKey.keyId, rawPublicKey(privateKey));
      return signerFor(source.signingKey.keyId, privateKey);
    }
    const active = await keys.active();
    if (!active) return createActiveKey(tx, source);
    const privateKey = await readPrivateKey(source, active.keyId, active.publicKey);
    if (!privateKey) return undefined;
    if (Buffer.compare(Buffer.from(rawPublicKey(privateKey)), Buffer.from(active.publicKey)) !== 0) {
      throw new Error(`The private key for signing key ${active.keyId} does not match its public key in the database`);
    }
    return signerFor(active.keyId, privateKey);
  });
}

/** Adds a new active key; the previous one is retired and keeps verifying. */
export async function rotateKey(db: Database, source: KeySource): Promise<Signer> {
  return db.transaction(async (tx) => {
    await signingKeyRepository(tx).lockKeys();
    return createActiveKey(tx, source);
  });
}

/** A signer whose key can change while the server runs: what every route holds, so a rotation reaches them all. */
export interface SwitchableSigner extends Signer {
  switchTo(next: Signer): void;
}

/**
 * `source`: where this server finds private keys. With it, the signer follows the active key
 * when another instance rotates it (catchUp); when the new key's private half is not on this
 * machine it refuses to sign, rather than sign with a key that is retired or revoked.
 */
export function switchableSigner(first: Signer, source?: KeySource): SwitchableSigner {
  let current = first;
  return {
    get keyId() {
      return current.keyId;
    },
    sign: (message) => current.sign(message),
    switchTo(next) {
      current = next;
    },
    async catchUp(tx) {
      if (!source) return;
      const active = await signingKeyRepository(tx).activeForSigning();
      if (active?.keyId === current.keyId) return;
      if (!active) throw new Error('There is no active signing key: credentials cannot be signed.');
      const privateKey = await readPrivateKey(source, active.keyId, active.publicKey);
      if (!privateKey || Buffer.compare(Buffer.from(rawPublicKey(privateKey)), Buffer.from(active.publicKey)) !== 0) {
        throw new Error(
          `The active signing key ${active.keyId} is not on this server: credentials cannot be signed here until it is.`,
        );
      }
      current = signerFor(active.keyId, privateKey);
    },
  };
}
