/**
 * What a verification gives a screen: a verdict with what it rested on, or a problem to
 * explain. Shared by the online check (online-verdict.ts) and the device's own (verify.ts).
 */
import type { Revocation } from '#domain/credential/verdict';
import type { StalenessSettings } from '#domain/police/staleness-settings';
import type { UnissuedStanding } from '#domain/plates/lifecycle';
import type { VerificationVerdict } from '#domain/statuses/statuses';

export type VerificationSource = 'credential' | 'registry' | 'device-copy';

export interface Freshness {
  keysFetchedAt: string | null;
  revocationsFetchedAt: string | null;
  /** The device copy's last update, when the verdict came from it. */
  registryUpdatedAt: string | null;
  /** Server minus device clock at the last sync, in ms; null before the first. */
  clockSkewMs: number | null;
  /**
   * The staleness thresholds the device received with its revocation list (the administrators'
   * setting); absent or null before the first refresh that carried them, when the defaults apply.
   */
  staleness?: StalenessSettings | null;
}

export interface VerificationResult {
  kind: 'result';
  id: string;
  plateNumber: string | null;
  verdict: VerificationVerdict;
  source: VerificationSource;
  /** Why a credential is not authentic, in words an officer understands. */
  reason: string | null;
  vehicle: { make: string; model: string; colour: string; year: number | null } | null;
  registrationDate: string | null;
  expiryDate: string | null;
  /** Police tier, online only. */
  ownerName: string | null;
  /**
   * Police tier only: the plate's insurance cover today, or 'none' — from the registry
   * online (with the policy's number), from the device's copy offline. Absent for the
   * public, for a QR check, and for a copy row that says nothing of insurance.
   */
  insurance?: { insurer: string; until: string; policyNumber?: string } | 'none';
  /**
   * Police tier only: the serials of the plate's blanks (front, rear) as the registry keeps
   * them, to compare with those stamped on the plate: online, and from the device's copy.
   * Absent when the registry has none, and for the public.
   */
  serials?: { front: string; rear: string };
  revocation: Revocation | null;
  /** For 'Not yet issued': Allocated (not made yet) or Made (not handed over). */
  stage?: UnissuedStanding | null;
  /** From the registry or its copy: the key that signed the plate's current credential, when it says. */
  credentialKeyId?: number | null;
  checkedAt: string;
  /** Time spent deciding on this device (signature check and lookups), in ms. */
  computeMs: number;
  freshness: Freshness;
}

export interface VerificationProblem {
  kind: 'problem';
  title: string;
  detail: string;
}

export type VerificationOutcome = VerificationResult | VerificationProblem;
