/**
 * What Claims asks of the server directly: a claim's next step (online only: the server
 * judges it against the claim's state and tells the policy holder), and a photo's upload
 * (how many bytes the server has; a chunk from there). The chunk is the one request here
 * that is not JSON, so it is sent with fetch itself; everything else goes through apiRequest.
 */
import type { ClaimStepRequest } from '#domain/insurance/claim';
import { CLAIM_STEP_NEEDS_CONNECTION, type InsuranceClaim } from '#domain/insurance/claim-steps';
import type { ClaimAnswer as ClaimStepAnswer, UploadProgress } from '#domain/api/insurance';
import { apiRequest, type ApiErrorBody, NetworkError } from '../../api/api-client';

export type ClaimAnswer =
  { ok: true; claim: InsuranceClaim } | { ok: false; message: string; fields: Record<string, string> };

export async function stepClaim(claimId: string, request: ClaimStepRequest): Promise<ClaimAnswer> {
  try {
    const result = await apiRequest<Partial<ClaimStepAnswer> & ApiErrorBody>(
      'POST',
      `/api/insurance/claims/${encodeURIComponent(claimId)}/steps`,
      request,
    );
    if (result.ok && result.body.claim) {
      void import('../../sync/sync-engine').then((module) => module.syncNow());
      return { ok: true, claim: result.body.claim };
    }
    return {
      ok: false,
      message: result.body?.message ?? `The server answered ${result.status}.`,
      fields: result.body?.fields ?? {},
    };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: CLAIM_STEP_NEEDS_CONNECTION, fields: {} };
    throw error;
  }
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
