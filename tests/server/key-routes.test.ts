/** Rotating and revoking the registry's signing keys from the QR System page: audited, refused where they must be. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openSigner, rotateKey, switchableSigner } from '../../src/server/credentials/key-store';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { signingKeyRepository } from '../../src/server/repositories/signing-key-repository';
import { buildTestAppWithDb, openTestDatabase } from './test-app';

interface KeyRow {
  keyId: number;
  status: string;
  platesSigned: number;
}

describe('signing keys from the QR System page', () => {
  let app: FastifyInstance;
  let db: Database;
  let admin = '';

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@nambala.zm', password: 'Admin#2026' },
    });
    admin = String(response.headers['set-cookie']).split(';')[0] ?? '';
  }, 60_000);
  afterAll(() => app.close());

  const keys = async () =>
    (await app.inject({ method: 'GET', url: '/api/admin/keys', headers: { cookie: admin } })).json() as {
      keys: KeyRow[];
      canRotate: boolean;
    };
  const post = (url: string) => app.inject({ method: 'POST', url, headers: { cookie: admin } });

  it('lists the keys with the plates each signed', async () => {
    const { keys: rows, canRotate } = await keys();
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM registered_plates');
    expect(canRotate).toBe(true);
    expect(rows).toEqual([expect.objectContaining({ keyId: 1, status: 'active', platesSigned: n })]);
  });

  it('rotates: a new active key, the old one retired and still trusted, audited', async () => {
    const response = await post('/api/admin/keys/rotate');
    expect(response.statusCode).toBe(200);
    expect(response.json().keys.map((key: KeyRow) => [key.keyId, key.status])).toEqual([
      [1, 'retired'],
      [2, 'active'],
    ]);
    const published = (await app.inject({ method: 'GET', url: '/api/credentials/keys' })).json() as {
      keys: Array<{ keyId: number; status: string }>;
    };
    expect(published.keys.map((key) => [key.keyId, key.status])).toEqual([
      [1, 'retired'],
      [2, 'active'],
    ]);
    const [audit] = await db.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'key.rotate' AND target = '2'",
    );
    expect(audit?.detail).toEqual({ previous: 1 });
  });

  it('revokes a retired key, counting what it signed; refuses it twice and an unknown key', async () => {
    const revoked = await post('/api/admin/keys/1/revoke');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().keys.find((key: KeyRow) => key.keyId === 1)).toMatchObject({ status: 'revoked' });
    // The rotation above started re-issuing key 1's plates under key 2; the revocation records its own run.
    const [audit] = await db.query<{ detail: { platesSigned: number; reissueRun: number } }>(
      "SELECT detail FROM audit_log WHERE action = 'key.revoke' AND target = '1'",
    );
    expect(audit?.detail).toMatchObject({ platesSigned: expect.any(Number), reissueRun: expect.any(Number) });
    const [rotated] = await db.query<{ detail: { run: number; plates: number } }>(
      "SELECT detail FROM audit_log WHERE action = 'key.reissue-started' AND target = '1'",
    );
    expect(rotated?.detail.plates).toBeGreaterThan(0);
    expect((await post('/api/admin/keys/1/revoke')).json()).toMatchObject({
      statusCode: 409,
      message: 'That key is already revoked.',
    });
    expect((await post('/api/admin/keys/99/revoke')).json()).toMatchObject({
      statusCode: 404,
      message: 'There is no signing key with that number.',
    });
    expect((await post('/api/admin/keys/abc/revoke')).statusCode).toBe(400);
  });

  it('revoking the active key makes a new one first, so credentials can still be issued', async () => {
    const response = await post('/api/admin/keys/2/revoke');
    expect(response.json().keys.map((key: KeyRow) => [key.keyId, key.status])).toEqual([
      [1, 'revoked'],
      [2, 'revoked'],
      [3, 'active'],
    ]);
  });

  it('refuses anyone but an administrator', async () => {
    const buyer = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'buyer@nambala.zm', password: 'Buyer#2026' },
    });
    const cookie = String(buyer.headers['set-cookie']).split(';')[0] ?? '';
    expect((await app.inject({ method: 'POST', url: '/api/admin/keys/rotate', headers: { cookie } })).statusCode).toBe(
      403,
    );
  });
});

describe('a signing key set in the server’s configuration', () => {
  it('is the operators’ to rotate: the page is told so, and nothing changes', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const db = await openTestDatabase();
    const config = loadConfig(
      {},
      {
        dataDir: 'memory://',
        seedDemo: true,
        appDir: '/nonexistent',
        logLevel: 'silent',
        demoRegistryPlates: 0,
        signingKey: { keyId: 7, pem },
      },
    );
    const app = await buildApp({ config, db, logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@nambala.zm', password: 'Admin#2026' },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
      expect((await app.inject({ method: 'GET', url: '/api/admin/keys', headers: { cookie } })).json()).toMatchObject({
        canRotate: false,
      });
      const response = await app.inject({ method: 'POST', url: '/api/admin/keys/rotate', headers: { cookie } });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('set in its configuration by its operators');
      expect(
        (await app.inject({ method: 'POST', url: '/api/admin/keys/7/revoke', headers: { cookie } })).statusCode,
      ).toBe(409);
    } finally {
      await app.close();
      await db.close();
    }
  }, 60_000);
});

describe('the switchable signer', () => {
  it('signs with the key it was last switched to', () => {
    const first = { keyId: 1, sign: () => new Uint8Array([1]) };
    const second = { keyId: 2, sign: () => new Uint8Array([2]) };
    const signer = switchableSigner(first);
    expect([signer.keyId, signer.sign(new Uint8Array())[0]]).toEqual([1, 1]);
    signer.switchTo(second);
    expect([signer.keyId, signer.sign(new Uint8Array())[0]]).toEqual([2, 2]);
  });

  it('follows a key another server instance rotated to, before it signs', async () => {
    const db = await openTestDatabase();
    try {
      await migrate(db);
      const source = { keyDir: 'memory://', signingKey: undefined };
      const signer = switchableSigner((await openSigner(db, source)) ?? unreachable(), source);
      // Another instance rotates: this one has not heard of it.
      await rotateKey(db, source);
      expect(signer.keyId).toBe(1);
      const message = new Uint8Array([1, 2, 3]);
      const signature = await db.transaction(async (tx) => {
        await signer.catchUp?.(tx);
        return signer.sign(message);
      });
      expect(signer.keyId).toBe(2);
      const active = await signingKeyRepository(db).active();
      expect(active?.keyId).toBe(2);
      expect(ed25519.verify(signature, message, active?.publicKey ?? new Uint8Array(32))).toBe(true);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses to sign when the key another instance rotated to is not on this machine, rather than sign with the retired one', async () => {
    const db = await openTestDatabase();
    const folders = [
      await mkdtemp(path.join(os.tmpdir(), 'nambala-keys-')),
      await mkdtemp(path.join(os.tmpdir(), 'nambala-keys-')),
    ];
    try {
      await migrate(db);
      const here = { keyDir: folders[0] ?? '', signingKey: undefined };
      const signer = switchableSigner((await openSigner(db, here)) ?? unreachable(), here);
      await rotateKey(db, { keyDir: folders[1] ?? '', signingKey: undefined });
      await expect(db.transaction((tx) => signer.catchUp?.(tx) ?? Promise.resolve())).rejects.toThrow(
        'The active signing key 2 is not on this server',
      );
    } finally {
      await db.close();
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

function unreachable(): never {
  throw new Error('no signer');
}
