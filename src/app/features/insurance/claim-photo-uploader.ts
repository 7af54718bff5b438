/**
 * Claim photos on this device and their way to the server. A photo is stored (as a Blob in
 * IndexedDB) the moment it is taken, so neither a reload nor a flat battery loses it. When
 * online, the uploader sends each photo whose claim the server has: it asks how many bytes
 * the server holds and sends the rest in chunks, so a cut connection costs at most one
 * chunk. A photo is marked uploaded only when the server says it has it complete and
 * intact; until then it stays here. One tab uploads at a time (Web Locks).
 */
import { subscribeSyncStatus, getSyncStatus } from '../../sync/sync-status';
import type { LocalClaimPhotoFile } from '../../store/database';
import { loadStore } from '../../store/load-store';
import { NetworkError } from '../../api/api-client';
import { photoUploadState, sendPhotoChunk, type UploadAnswer } from './claim-api';
import type { PreparedPhoto } from './claim-photo-resize';

/** Bytes per request: small enough that a weak signal finishes one, large enough to keep the count of requests low. */
export const CHUNK_BYTES = 256 * 1024;
const INTERVAL_MS = 30_000;

export const photoFileId = (claimId: string, sha256: string) => `${claimId}/${sha256}`;

/** Keeps a photo taken for a claim; the same picture twice on one claim is kept once. Answers whether it was new. */
export async function keepPhoto(claimId: string, photo: PreparedPhoto): Promise<boolean> {
  const { db } = await loadStore();
  const id = photoFileId(claimId, photo.sha256);
  return db.transaction('rw', db.claimPhotoFiles, async () => {
    if (await db.claimPhotoFiles.get(id)) return false;
    const file: LocalClaimPhotoFile = {
      id,
      claimId,
      sha256: photo.sha256,
      blob: photo.blob,
      size: photo.blob.size,
      width: photo.width,
      height: photo.height,
      state: 'waiting',
      createdAt: Date.now(),
    };
    await db.claimPhotoFiles.add(file);
    return true;
  });
}

/** Drops photos taken in a New or Edit Claim that was then cancelled (never part of a saved claim). */
export async function dropUnsavedPhotos(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const { db } = await loadStore();
  await db.claimPhotoFiles.bulkDelete([...ids]);
}

/** Removes from this device the photos the server already has (they stay readable online). Answers the bytes freed. */
export async function removeUploadedPhotos(): Promise<number> {
  const { db } = await loadStore();
  return db.transaction('rw', db.claimPhotoFiles, async () => {
    const uploaded = await db.claimPhotoFiles.where('state').equals('uploaded').toArray();
    await db.claimPhotoFiles.bulkDelete(uploaded.map((file) => file.id));
    return uploaded.reduce((sum, file) => sum + file.size, 0);
  });
}

/** What the uploader has done in this page's life: the bench and the status line read it. */
export const uploadTally = { bytesSent: 0, photosCompleted: 0 };

let running: Promise<void> | undefined;
let started = false;

/** Sends one photo from where the server stands; true when the server has it complete. */
async function sendPhoto(file: LocalClaimPhotoFile): Promise<boolean> {
  let answer: UploadAnswer = await photoUploadState(file.claimId, file.sha256);
  // A bad chunk (bytes that did not match the fingerprint) makes the server start again from 0; one such restart per run.
  let restarts = 0;
  for (;;) {
    if (answer.kind === 'unknown') return false;
    if (answer.kind === 'refused') {
      if (answer.status === 422 && restarts === 0) {
        restarts += 1;
        answer = await photoUploadState(file.claimId, file.sha256);
        continue;
      }
      return false;
    }
    const { received, isComplete } = answer.progress;
    if (isComplete) return true;
    const chunk = file.blob.slice(received, Math.min(file.size, received + CHUNK_BYTES));
    answer = await sendPhotoChunk(file.claimId, file.sha256, received, chunk);
    uploadTally.bytesSent += chunk.size;
  }
}

async function uploadWaiting(): Promise<void> {
  const { db } = await loadStore();
  const waiting = await db.claimPhotoFiles.where('state').equals('waiting').sortBy('createdAt');
  for (const file of waiting) {
    if (!navigator.onLine) return;
    // The server learns of a photo with its claim: while that change waits, there is nothing to send it to.
    const claim = await db.insuranceClaims.get(file.claimId);
    if (!claim || claim.syncState === 'pending' || claim.syncState === 'rejected') continue;
    try {
      if (await sendPhoto(file)) {
        await db.claimPhotoFiles.update(file.id, { state: 'uploaded' });
        uploadTally.photosCompleted += 1;
      }
    } catch (error) {
      // The connection went: the next run resumes from the server's count.
      if (error instanceof NetworkError) return;
      throw error;
    }
  }
}

/** Uploads what waits (or joins the run in progress) and resolves when it is done. */
export function uploadClaimPhotos(): Promise<void> {
  startUploader();
  if (running) return running;
  const run = async () => {
    if (typeof navigator !== 'undefined' && navigator.locks)
      await navigator.locks.request('nambala-claim-photos', { ifAvailable: true }, async (lock) =>
        lock ? uploadWaiting() : undefined,
      );
    else await uploadWaiting();
  };
  running = run().finally(() => {
    running = undefined;
  });
  return running;
}

/** Starts uploading now and whenever the connection returns, a sync ends, or every half minute. */
export function startUploader(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const kick = () => void uploadClaimPhotos().catch(() => undefined);
  window.addEventListener('online', kick);
  setInterval(kick, INTERVAL_MS);
  let lastSynced = getSyncStatus().lastSyncedAt;
  subscribeSyncStatus(() => {
    const { lastSyncedAt } = getSyncStatus();
    if (lastSyncedAt !== lastSynced) {
      lastSynced = lastSyncedAt;
      kick();
    }
  });
  kick();
}
