/**
 * How far a verdict on this device can be trusted, by the age of what it rested on and the
 * staleness thresholds the device last received with its revocation list (the
 * administrators' setting), or the defaults (24 hours, 7 days) before it has any.
 */
import { verdictStanding, type VerdictStanding } from '#domain/police/roadside-verdict';
import { stalenessThresholds } from '#domain/police/staleness-settings';
import type { VerificationResult } from './verification-outcome';

export function outcomeStanding(
  result: Pick<VerificationResult, 'verdict' | 'source' | 'checkedAt' | 'freshness'>,
): VerdictStanding {
  return verdictStanding(
    result.verdict,
    { ...result.freshness, source: result.source, checkedAt: result.checkedAt },
    stalenessThresholds(result.freshness.staleness),
  );
}
