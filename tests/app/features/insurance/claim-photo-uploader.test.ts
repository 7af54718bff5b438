/**
 * The device's claim photos against the real server (in-process): a photo kept on the
 * device is uploaded once its claim is on the server, an upload cut by the network resumes
 * from the server's count, and the photo is marked uploaded only when the server has all of
 * it, intact. A photo whose claim is still waiting to be sent stays on the device.
 */
import 'fake-indexeddb/auto';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimInputSchema } from '#domain/insurance/claim';
import type { InsurancePolicy } from '#domain/insurance/policy';
import {
  CHUNK_BYTES,
  keepPhoto,
  photoFileId,
  removeUploadedPhotos,
  uploadClaimPhotos,
  uploadTally,
} from '../../../../src/app/features/insurance/claim-photo-uploader';
import { saveClaimMutation } from '../../../../src/app/features/insurance/claim-changes';
import { clearPersonalData } from '../../../../src/app/store/clear-personal-data';
import { db } from '../../../../src/app/store/database';
import { mutate } from '../../../../src/app/store/mutate';
import type { Database } from '../../../../src/server/db/database';
import { sessionRepository } from '../../../../src/server/repositories/session-repository';
import { userRepository } from '../../../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from '../../../server/test-app';
import { jpegHeader } from '../../../server/fake-jpeg';

const DAY_MS = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe('claim photo uploader', () => {
  let app: FastifyInstance;
  let serverDb: Database;
  let cookie = '';
  let policy: InsurancePolicy;
  /** Set to make the network fail on the next photo chunk. */
  let cutNextChunk = false;
  let chunksSent = 0;

  beforeAll(async () => {
    ({ app, db: serverDb } = await buildTestAppWithDb({ seedDemo: true }));
    const agent = await userRepository(serverDb).create({
      email: 'uploader@claims.zm',
      name: 'Uploader',
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles: ['insurance_agent'],
    });
    await sessionRepository(serverDb).create('uploader-session', agent?.id ?? '', new Date(Date.now() + 3600_000));
    cookie = 'nambala_session=uploader-session';
    // The customer is the plate's registered owner: a policy is issued only to them.
    const [plate] = await serverDb.query<{ plate_number: string; owner_nrc: string }>(
      "SELECT plate_number, owner_nrc FROM registered_plates WHERE standing = 'Valid' AND expiry_date > now() + interval '1 year' AND plate_number NOT IN (SELECT plate_number FROM insurance_policies) ORDER BY plate_number LIMIT 1",
    );
    const customerId = randomUUID();
    await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: {
        clientId: 't',
        mutations: [
          {
            id: randomUUID(),
            intent: 'saveCustomer',
            payload: {
              id: customerId,
              name: 'Ruth Tembo',
              nrc: plate?.owner_nrc,
              phone: '0977 100 200',
              email: 'ruth@example.zm',
            },
          },
        ],
      },
    });
    const issued = await app.inject({
      method: 'POST',
      url: '/api/insurance/policies',
      headers: { cookie },
      payload: {
        customerId,
        plateNumber: plate?.plate_number,
        type: 'Comprehensive',
        startDate: inDays(-20),
        endDate: inDays(200),
        premium: '2500',
      },
    });
    policy = issued.json().policy;

    vi.stubGlobal('navigator', { onLine: true });
    // The browser's fetch, answered by the server in-process; the network can be cut on a photo chunk.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET') as 'GET' | 'PUT' | 'POST';
      const isChunk = method === 'PUT';
      if (isChunk && cutNextChunk) {
        cutNextChunk = false;
        throw new TypeError('Failed to fetch');
      }
      const body =
        init.body instanceof Blob
          ? Buffer.from(await init.body.arrayBuffer())
          : typeof init.body === 'string'
            ? init.body
            : undefined;
      if (isChunk) chunksSent += 1;
      const response = await app.inject({
        method,
        url,
        headers: { ...(init.headers as Record<string, string>), cookie },
        ...(body === undefined ? {} : { payload: body }),
      });
      return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, {
        status: response.statusCode,
        headers: response.headers as Record<string, string>,
      });
    });
  }, 120_000);

  afterAll(async () => {
    vi.unstubAllGlobals();
    await app.close();
  });

  async function claimWithPhoto(size: number) {
    const header = jpegHeader(1600, 1200);
    const bytes = Buffer.concat([header, randomBytes(size - header.length)]);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const id = randomUUID();
    const input = claimInputSchema.parse({
      id,
      policyId: policy.id,
      incidentDate: inDays(-1),
      incidentPlace: 'Chilenje, Lusaka',
      description: 'Hit while reversing.',
      otherPartyPlate: '',
      photos: [{ sha256, size, width: 1600, height: 1200 }],
    });
    await keepPhoto(id, { blob: new Blob([bytes], { type: 'image/jpeg' }), sha256, width: 1600, height: 1200 });
    // Saved on the device through the one write path, as the New Claim dialog does.
    await mutate(db, saveClaimMutation(input, 'agent', policy, undefined));
    return { id, sha256, bytes, input };
  }

  async function pushClaim(input: unknown, id: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 't', mutations: [{ id: randomUUID(), intent: 'saveClaim', payload: input }] },
    });
    expect(response.json().results[0].outcome).toBe('applied');
    await db.insuranceClaims.update(id, { syncState: 'synced' });
  }

  it('keeps a photo on the device while its claim waits, then sends it, resuming after a cut, and marks it uploaded once', async () => {
    const { id, sha256, bytes, input } = await claimWithPhoto(CHUNK_BYTES * 2 + 1000);
    // The claim has not reached the server: nothing is sent.
    await uploadClaimPhotos();
    expect(chunksSent).toBe(0);
    expect((await db.claimPhotoFiles.get(photoFileId(id, sha256)))?.state).toBe('waiting');

    await pushClaim(input, id);
    // The network drops on the second chunk: the photo stays waiting, the server has one chunk.
    let calls = 0;
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT' && ++calls === 2) cutNextChunk = true;
      return realFetch(url, init);
    });
    await uploadClaimPhotos();
    vi.stubGlobal('fetch', realFetch);
    expect((await db.claimPhotoFiles.get(photoFileId(id, sha256)))?.state).toBe('waiting');
    const [partial] = await serverDb.query<{ received: number }>(
      'SELECT received FROM insurance_claim_photos WHERE claim_id = $1',
      [id],
    );
    expect(partial?.received).toBe(CHUNK_BYTES);

    const sentBefore = uploadTally.bytesSent;
    await uploadClaimPhotos();
    // Only what the server lacked was sent again.
    expect(uploadTally.bytesSent - sentBefore).toBe(bytes.length - CHUNK_BYTES);
    expect((await db.claimPhotoFiles.get(photoFileId(id, sha256)))?.state).toBe('uploaded');
    const stored = await serverDb.query<{ n: number; content: Uint8Array }>(
      'SELECT count(*) OVER ()::int AS n, content FROM insurance_claim_photos WHERE claim_id = $1',
      [id],
    );
    expect(stored).toHaveLength(1);
    expect(
      createHash('sha256')
        .update(Buffer.from(stored[0]?.content ?? new Uint8Array()))
        .digest('hex'),
    ).toBe(sha256);

    // Nothing more to send; removing uploaded copies frees their bytes and keeps waiting ones.
    const chunks = chunksSent;
    await uploadClaimPhotos();
    expect(chunksSent).toBe(chunks);
    const waiting = await claimWithPhoto(2000);
    expect(await removeUploadedPhotos()).toBe(bytes.length);
    expect(await db.claimPhotoFiles.get(photoFileId(id, sha256))).toBeUndefined();
    expect((await db.claimPhotoFiles.get(photoFileId(waiting.id, waiting.sha256)))?.state).toBe('waiting');
  });

  it('signing out removes the photos the server has and keeps those still waiting', async () => {
    const sent = await claimWithPhoto(1500);
    await pushClaim(sent.input, sent.id);
    await uploadClaimPhotos();
    const waiting = await claimWithPhoto(1500);
    await clearPersonalData();
    expect(await db.claimPhotoFiles.get(photoFileId(sent.id, sent.sha256))).toBeUndefined();
    expect((await db.claimPhotoFiles.get(photoFileId(waiting.id, waiting.sha256)))?.state).toBe('waiting');
  });

  it('keeps the same picture once per claim', async () => {
    const { id, sha256, bytes } = await claimWithPhoto(3000);
    expect(await keepPhoto(id, { blob: new Blob([bytes]), sha256, width: 1600, height: 1200 })).toBe(false);
    expect(await db.claimPhotoFiles.where('claimId').equals(id).count()).toBe(1);
  });
});
