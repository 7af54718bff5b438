/**
 * The registry's answer to a typed plate number, as a screen shows it: one function for the
 * app's check (online-verdict.ts) and for the panel drawn before the app has started
 * (features/verification/early-verdict.ts), so both say the same thing.
 */
import { clockSkew } from '#domain/credential/freshness';
import type { OnlineVerdict } from './verdict-request';
import type { VerificationResult } from './verification-outcome';

/**
 * How far this device's clock is behind the server's, from the answer's Date header
 * (whole seconds: enough against a tolerance of minutes); null without one.
 */
export function skewFromDateHeader(
  date: string | null,
  sentAt: number,
  answeredAt: number,
  now: number,
): number | null {
  const serverTime = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(serverTime)) return null;
  return Math.round(clockSkew(new Date(serverTime).toISOString(), now, Math.max(0, answeredAt - sentAt)));
}

/** The verdict on a registry answer. It rests on the registry alone, so of its freshness only the clock skew is known. */
export function resultFromRegistryAnswer(
  body: OnlineVerdict,
  check: { id: string; checkedAt: string; clockSkewMs: number | null },
): VerificationResult {
  return {
    kind: 'result',
    id: check.id,
    plateNumber: body.plateNumber,
    verdict: body.verdict,
    source: 'registry',
    reason: null,
    vehicle: body.vehicle,
    registrationDate: body.registrationDate,
    expiryDate: body.expiryDate,
    ownerName: body.owner?.name ?? null,
    ...(body.insurance === undefined ? {} : { insurance: body.insurance }),
    ...(body.serials === undefined ? {} : { serials: body.serials }),
    revocation: null,
    stage: body.stage ?? null,
    credentialKeyId: body.keyId ?? null,
    checkedAt: check.checkedAt,
    computeMs: 0,
    freshness: {
      keysFetchedAt: null,
      revocationsFetchedAt: null,
      registryUpdatedAt: null,
      clockSkewMs: check.clockSkewMs,
    },
  };
}
