/**
 * A typed plate number checked against the registry over the network. Kept apart from
 * verify.ts, which needs the device's store: on a cold load the request goes out as
 * soon as the person presses Enter, while the store and the signature verifier are
 * still on their way (they are needed only when the registry cannot be reached).
 */
import { NetworkError } from '../api/api-client';
import { resultFromRegistryAnswer, skewFromDateHeader } from './registry-answer';
import type { VerdictRequest } from './verdict-request';
import type { VerificationOutcome } from './verification-outcome';

/** How long the registry is given, from when the verdict is asked for, before the device's copy answers instead. */
const ONLINE_TIMEOUT_MS = 4000;

/**
 * The registry's verdict on a sent request's plate number (with the owner's name and
 * insurance for an officer, and logged by the server under the request's id); null when
 * the registry could not be reached, did not answer within 4 s, or failed, so the caller
 * falls back to the device's copy. The verdict rests on the registry alone, so of its
 * freshness only the clock skew is known, from this answer.
 */
export async function registryVerdictOnline(
  request: VerdictRequest,
  now: () => number = Date.now,
): Promise<VerificationOutcome | null> {
  const timer = setTimeout(request.abort, ONLINE_TIMEOUT_MS);
  try {
    const { result: response, answeredAt } = await request.answer;
    if (response.status === 400)
      return {
        kind: 'problem',
        title: 'Check the plate number',
        detail: response.body.message ?? 'That is not a plate number.',
      };
    // A server fault: the device's copy answers rather than leave the officer with nothing.
    if (!response.ok) return null;
    return resultFromRegistryAnswer(response.body, {
      id: request.id,
      checkedAt: new Date(now()).toISOString(),
      clockSkewMs: skewFromDateHeader(response.date, request.sentAt, answeredAt, now()),
    });
  } catch (error) {
    if (error instanceof NetworkError) return null;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
