/**
 * What Claims asks of the server directly: a claim's next step (online only: the server
 * judges it against the claim's state and tells the policy holder), and a photo's upload
 * (how many bytes the server has; a chunk from there). The chunk is the one request here
 * that is not JSON, so it is sent with fetch itself. A photo waits on the device until it is sent
 * (like a change in the outbox), so its upload is not a command; the step is (api/command.ts).
 */
import type { ClaimStepRequest } from '#domain/insurance/claim';
import { CLAIM_STEP_NEEDS_CONNECTION, type InsuranceClaim } from '#domain/insurance/claim-steps';
import type { ClaimAnswer as ClaimStepAnswer, UploadProgress } from '#domain/api/insurance';
import { apiRequest, type ApiErrorBody, NetworkError } from '../../api/api-client';
import { refusalReason, runCommand } from '../../api/command';

export type ClaimAnswer =
  { ok: true; claim: InsuranceClaim } | { ok: false; message: string; fields: Record<string, string> };

export async function stepClaim(claimId: string, request: ClaimStepRequest): Promise<ClaimAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path: `/api/insurance/claims/${encodeURIComponent(claimId)}/steps`,
    body: request,
    accept: (answer: Partial<ClaimStepAnswer> & ApiErrorBody) => answer.claim,
  });
  if (outcome.status === 'applied') {
    void import('../../sync/sync-engine').then((module) => module.syncNow());
    return { ok: true, claim: outcome.value };
  }
  if (outcome.status === 'needs-connection') return { ok: false, message: CLAIM_STEP_NEEDS_CONNECTION, fields: {} };
  return { ok: false, message: refusalReason(outcome), fields: outcome.fields };
}

export type { UploadProgress };

/** What the server says of a photo: its progress, that it does not know it (yet), or a refusal to give up on. */
export type UploadAnswer =
  | { kind: 'progress'; progress: UploadProgress }
  | { kind: 'unknown' }
  | { kind: 'refused'; status: number; message: string };

const photoPath = (claimId: string, sha256: string) =>
  `/api/insurance/claims/${encodeURIComponent(claimId)}/photos/${sha256}`;

function answerOf(status: number, body: (Partial<UploadProgress> & ApiErrorBody) | undefined): UploadAnswer {
  if (status === 200 && body && typeof body.received === 'number' && typeof body.size === 'number')
    return {
      kind: 'progress',
      progress: { size: body.size, received: body.received, isComplete: body.isComplete === true },
    };
  if (status === 404) return { kind: 'unknown' };
  return { kind: 'refused', status, message: body?.message ?? `The server answered ${status}.` };
}

/** How many bytes of the photo the server has. Throws NetworkError when it cannot be reached. */
export async function photoUploadState(claimId: string, sha256: string): Promise<UploadAnswer> {
  const result = await apiRequest<Partial<UploadProgress> & ApiErrorBody>(
    'GET',
    `${photoPath(claimId, sha256)}/upload`,
  );
  return answerOf(result.status, result.body);
}

/** Sends bytes of the photo from `offset`. Throws NetworkError when the connection fails on the way. */
export async function sendPhotoChunk(
  claimId: string,
  sha256: string,
  offset: number,
  chunk: Blob,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  let response: Response;
  try {
    // A photo's bytes, kept on the device until sent: the uploader's transport, not a command (decision 049).
    // eslint-disable-next-line no-restricted-syntax
    response = await fetch(`${photoPath(claimId, sha256)}?offset=${offset}`, {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': 'image/jpeg' },
      body: chunk,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  let body: (Partial<UploadProgress> & ApiErrorBody) | undefined;
  try {
    body = (await response.json()) as Partial<UploadProgress> & ApiErrorBody;
  } catch {
    body = undefined;
  }
  // Ahead of the server (an earlier chunk was lost): the answer says where it stands.
  if (response.status === 409 && response.headers.get('upload-offset') !== null) {
    return {
      kind: 'progress',
      progress: { size: -1, received: Number(response.headers.get('upload-offset')), isComplete: false },
    };
  }
  return answerOf(response.status, body);
}

/** Where the claim photo is read from the server (the claim's own agent, signed in). */
export const photoUrl = photoPath;
