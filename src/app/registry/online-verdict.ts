/**
 * A typed plate number checked against the registry over the network. Kept apart from
 * verify.ts, which needs the device's store: on a cold load the request goes out as
 * soon as the person presses Enter, while the store and the signature verifier are
 * still on their way (they are needed only when the registry cannot be reached).
 */
import { clockSkew } from '#domain/credential/freshness';
import type { CheckMethod } from '#domain/police/police';
import type { UnissuedStanding } from '#domain/plates/lifecycle';
import type { VerificationVerdict } from '#domain/statuses/statuses';
import { apiRequest, NetworkError } from '../sync/api-client';
import type { VerificationOutcome } from './verification-outcome';

interface OnlineVerdict {
  plateNumber: string;
  verdict: VerificationVerdict;
  vehicle: { make: string; model: string; colour: string; year: number } | null;
  registrationDate: string | null;
  expiryDate: string | null;
  owner?: { name: string };
  insurance?: { insurer: string; policyNumber: string; until: string } | 'none';
  stage?: UnissuedStanding | null;
  message?: string;
}

/** How long the registry is given before the device's copy answers instead. */
const ONLINE_TIMEOUT_MS = 4000;

/**
 * How far this device's clock is behind the server's, from the answer's Date header
 * (whole seconds: enough against a tolerance of minutes); null without one.
 */
function skewFromDateHeader(date: string | null, sentAt: number, answeredAt: number, now: number): number | null {
  const serverTime = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(serverTime)) return null;
  return Math.round(clockSkew(new Date(serverTime).toISOString(), now, Math.max(0, answeredAt - sentAt)));
}

/**
 * The registry's verdict on `plateNumber` (with the owner's name and insurance for an
 * officer, and logged by the server under `id`); null when the registry could not be
 * reached or failed, so the caller falls back to the device's copy. The verdict rests on
 * the registry alone, so of its freshness only the clock skew is known, from this answer.
 */
export async function registryVerdictOnline(plateNumber: string, options: { id: string; method: CheckMethod; now?: () => number }): Promise<VerificationOutcome | null> {
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ONLINE_TIMEOUT_MS);
  try {
    const query = new URLSearchParams({ checkId: options.id, method: options.method });
    const sentAt = performance.now();
    const response = await apiRequest<OnlineVerdict>('GET', `/api/verification/${encodeURIComponent(plateNumber)}?${query.toString()}`, undefined, controller.signal);
    if (response.status === 400) return { kind: 'problem', title: 'Check the plate number', detail: response.body.message ?? 'That is not a plate number.' };
    // A server fault: the device's copy answers rather than leave the officer with nothing.
    if (!response.ok) return null;
    const body = response.body;
    return {
      kind: 'result',
      id: options.id,
      plateNumber: body.plateNumber,
      verdict: body.verdict,
      source: 'registry',
      reason: null,
      vehicle: body.vehicle,
      registrationDate: body.registrationDate,
      expiryDate: body.expiryDate,
      ownerName: body.owner?.name ?? null,
      ...(body.insurance === undefined ? {} : { insurance: body.insurance }),
      revocation: null,
      stage: body.stage ?? null,
      checkedAt: new Date(now()).toISOString(),
      computeMs: 0,
      freshness: { keysFetchedAt: null, revocationsFetchedAt: null, registryUpdatedAt: null, clockSkewMs: skewFromDateHeader(response.date, sentAt, performance.now(), now()) },
    };
  } catch (error) {
    if (error instanceof NetworkError) return null;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
