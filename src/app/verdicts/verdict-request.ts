/**
 * A typed plate number's request to the registry, sent: on its own, or before the app has
 * started. On a cold load of /verification on a slow phone the page can be typed into
 * (and Enter pressed) a second or more before the app is ready; the number is then sent at
 * once from the entry script, and the app takes the answer when the replayed form asks for
 * the same number, instead of sending it only then (docs/decisions/030-early-verdict.md).
 * Kept small: it is part of the entry script.
 */
import type { CheckMethod } from '#domain/police/flags';
import { parsePlateNumber } from '#domain/plates/plate-number';
import type { UnissuedStanding } from '#domain/plates/lifecycle';
import type { VerificationVerdict } from '#domain/statuses/statuses';
import { apiRequest, type ApiResult } from '../api/api-client';
import { newId } from '../store/new-id';

/** The registry's answer, as GET /api/verification/:plateNumber sends it. */
export interface OnlineVerdict {
  plateNumber: string;
  verdict: VerificationVerdict;
  vehicle: { make: string; model: string; colour: string; year: number } | null;
  registrationDate: string | null;
  expiryDate: string | null;
  owner?: { name: string };
  insurance?: { insurer: string; policyNumber: string; until: string } | 'none';
  /** Police tier: the plate's blank serials, stamped form. */
  serials?: { front: string; rear: string };
  stage?: UnissuedStanding | null;
  /** The key that signed the plate's current credential (servers before it say nothing). */
  keyId?: number | null;
  message?: string;
}

export interface VerdictRequest {
  plateNumber: string;
  /** The check's id, under which the server logs it (and an officer's device too). */
  id: string;
  method: CheckMethod;
  /** performance.now() when it was sent, for the clock skew. */
  sentAt: number;
  /** With when it arrived; rejects with the api client's NetworkError when the registry could not be reached. */
  answer: Promise<{ result: ApiResult<OnlineVerdict>; answeredAt: number }>;
  /** Gives up waiting: `answer` rejects (the one who waits sets the time limit). */
  abort: () => void;
}

export function sendVerdictRequest(plateNumber: string, options: { id: string; method: CheckMethod }): VerdictRequest {
  const controller = new AbortController();
  const query = new URLSearchParams({ checkId: options.id, method: options.method });
  const sentAt = performance.now();
  const answer = apiRequest<OnlineVerdict>(
    'GET',
    `/api/verification/${encodeURIComponent(plateNumber)}?${query.toString()}`,
    undefined,
    controller.signal,
  ).then((result) => ({
    result,
    answeredAt: performance.now(),
  }));
  return { plateNumber, id: options.id, method: options.method, sentAt, answer, abort: () => controller.abort() };
}

/**
 * An early request is taken only this soon after it was sent. The app replays the held
 * Enter as soon as it is ready, so it is taken within seconds; one left over (the page
 * was drawn afresh and the form not sent again) must not answer a check made minutes later.
 */
const EARLY_KEPT_MS = 30_000;

let early: VerdictRequest | null = null;

/**
 * Sends `typed` to the registry ahead of the app, when it is a plate number and the device
 * believes it is online; anything else is left to the app, which says what is wrong.
 * Returns the request sent (null: none was, or this number's is on its way already).
 */
export function sendEarlyVerdictRequest(typed: string): VerdictRequest | null {
  const parsed = parsePlateNumber(typed);
  if (!parsed.ok || !navigator.onLine) return null;
  if (early?.plateNumber === parsed.value) return null;
  early = sendVerdictRequest(parsed.value, { id: newId(), method: 'manual' });
  // Never taken (the person changed the number), its failure is nobody's.
  early.answer.catch(() => undefined);
  return early;
}

/** True while `request` is the early one and the app has not taken it. */
export function isEarlyRequestUntaken(request: VerdictRequest): boolean {
  return early === request;
}

/** The request sent early for `plateNumber`, at most once; null when there is none (or it is stale). */
export function takeEarlyVerdictRequest(plateNumber: string): VerdictRequest | null {
  const parsed = parsePlateNumber(plateNumber);
  const request = early;
  if (!request || !parsed.ok || request.plateNumber !== parsed.value) return null;
  early = null;
  return performance.now() - request.sentAt <= EARLY_KEPT_MS ? request : null;
}
