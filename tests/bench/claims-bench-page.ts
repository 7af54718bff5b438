/**
 * The browser half of the claims bench (claims-bench.ts bundles it with the app's own
 * modules and runs it in headless Chromium): camera-sized photos resized and stored on the
 * device, and a 20-photo claim made offline then sent through the outbox and the photo
 * uploader. Each figure has a same-run reference measured here too.
 */
import { claimInputSchema } from '#domain/insurance/claim';
import { saveClaimMutation } from '../../src/app/features/insurance/claim-changes';
import { preparePhoto } from '../../src/app/features/insurance/claim-photo-resize';
import { keepPhoto, uploadClaimPhotos, uploadTally } from '../../src/app/features/insurance/claim-photo-uploader';
import { db } from '../../src/app/store/database';
import { mutate } from '../../src/app/store/mutate';
import { newId } from '../../src/app/store/new-id';
import { sendIntents } from '../../src/app/sync/push-transport';
import { pullChanges } from '../../src/app/sync/pull';
import { pushOutbox } from '../../src/app/sync/push';

/** A photo as a phone camera gives it: 4000 × 3000 px JPEG at quality 0.92, with detail (noise) a real scene has. */
async function cameraPhoto(seed: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(4000, 3000);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const gradient = context.createLinearGradient(0, 0, 4000, 3000);
  gradient.addColorStop(0, `hsl(${(seed * 47) % 360} 60% 45%)`);
  gradient.addColorStop(1, `hsl(${(seed * 47 + 180) % 360} 50% 55%)`);
  context.fillStyle = gradient;
  context.fillRect(0, 0, 4000, 3000);
  // Texture, as a road and a car have: many small rectangles of varying shade.
  let state = seed * 2654435761;
  for (let index = 0; index < 40_000; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    const shade = state & 255;
    context.fillStyle = `rgb(${shade} ${(shade * 3) & 255} ${(shade * 7) & 255})`;
    context.fillRect((state >>> 8) % 4000, (state >>> 4) % 3000, 4 + (state & 15), 4 + ((state >>> 3) & 15));
  }
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

/** A plain IndexedDB put of the bytes, with no library: the reference for storing a photo. */
async function plainPut(bytes: Blob, key: string): Promise<number> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('claims-bench-reference', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('blobs');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const transaction = database.transaction('blobs', 'readwrite');
    transaction.objectStore('blobs').put(bytes, key);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  const elapsed = performance.now() - started;
  database.close();
  return elapsed;
}

export interface ResizeFigures {
  resizeMs: number[];
  storeMs: number[];
  referencePutMs: number[];
  inputBytes: number[];
  outputBytes: number[];
}

/** `count` camera photos resized and kept on the device (the New Claim dialog's path), each timed. */
export async function resizeFigures(count: number): Promise<ResizeFigures> {
  const claimId = newId();
  const figures: ResizeFigures = { resizeMs: [], storeMs: [], referencePutMs: [], inputBytes: [], outputBytes: [] };
  for (let index = 0; index < count; index += 1) {
    const photo = await cameraPhoto(index + 1);
    const started = performance.now();
    const prepared = await preparePhoto(photo);
    const resized = performance.now();
    await keepPhoto(claimId, prepared);
    figures.resizeMs.push(resized - started);
    figures.storeMs.push(performance.now() - resized);
    figures.referencePutMs.push(await plainPut(prepared.blob, `${claimId}/${index}`));
    figures.inputBytes.push(photo.size);
    figures.outputBytes.push(prepared.blob.size);
  }
  // Not a claim's: gone again, so the next figures start clean.
  await db.claimPhotoFiles.where('claimId').equals(claimId).delete();
  return figures;
}

/** Pulls the agent's data (online), so the device holds the policy a claim is made on. */
export async function pullAgentData(): Promise<number> {
  await pullChanges(db);
  return db.insurancePolicies.count();
}

/** Offline: `count` photos taken and a claim saved through the one write path, as the dialog does. */
export async function makeOfflineClaim(
  count: number,
  plateNumber: string,
): Promise<{ claimId: string; photoBytes: number }> {
  const policy = (await db.insurancePolicies.toArray()).find(
    (candidate) => candidate.plateNumber === plateNumber && candidate.cancelledAt === null,
  );
  if (!policy) throw new Error(`no policy on ${plateNumber} on the device`);
  const claimId = newId();
  const photos = [];
  for (let index = 0; index < count; index += 1) {
    const prepared = await preparePhoto(await cameraPhoto(100 + index));
    await keepPhoto(claimId, prepared);
    photos.push({ sha256: prepared.sha256, size: prepared.blob.size, width: prepared.width, height: prepared.height });
  }
  const today = new Date().toISOString().slice(0, 10);
  const input = claimInputSchema.parse({
    id: claimId,
    policyId: policy.id,
    incidentDate: today < policy.endDate ? today : policy.endDate,
    incidentPlace: 'Bench Road, Lusaka',
    description: 'A claim with twenty photos, made offline.',
    otherPartyPlate: '',
    photos,
  });
  await mutate(db, saveClaimMutation(input, policy.agentId, policy, undefined));
  return { claimId, photoBytes: photos.reduce((sum, photo) => sum + photo.size, 0) };
}

/** Back online: the outbox pushed and every waiting photo uploaded, timed; then, as the reference, the same photos read back. */
export async function syncAfterReconnect(claimId: string): Promise<{
  syncMs: number;
  bytesSent: number;
  uploaded: number;
  waiting: number;
  readBackMs: number;
  readBackBytes: number;
}> {
  const sentBefore = uploadTally.bytesSent;
  const started = performance.now();
  const summary = await pushOutbox(db, sendIntents);
  if (summary.retryReason) throw new Error(`push did not go through: ${summary.retryReason}`);
  await uploadClaimPhotos();
  const syncMs = performance.now() - started;
  const files = await db.claimPhotoFiles.where('claimId').equals(claimId).toArray();
  const readStarted = performance.now();
  let readBackBytes = 0;
  for (const file of files) {
    const response = await fetch(`/api/insurance/claims/${claimId}/photos/${file.sha256}`, {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    readBackBytes += (await response.arrayBuffer()).byteLength;
  }
  return {
    syncMs,
    bytesSent: uploadTally.bytesSent - sentBefore,
    uploaded: files.filter((file) => file.state === 'uploaded').length,
    waiting: files.filter((file) => file.state === 'waiting').length,
    readBackMs: performance.now() - readStarted,
    readBackBytes,
  };
}
