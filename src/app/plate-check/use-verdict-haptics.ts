/**
 * A buzz when a verdict is shown, where the device can (navigator.vibrate: Android Chrome;
 * iPhones have none): a long triple buzz for a stop, so an officer feels it without looking.
 */
import { vibrationPattern } from '#domain/police/roadside-verdict';
import { useEffect } from 'react';
import type { VerificationOutcome } from '../verdicts/verification-outcome';

export function useVerdictHaptics(outcome: VerificationOutcome | null): void {
  // Once per check: the registry's facts added to a scanned verdict later keep its id.
  const id = outcome?.kind === 'result' ? outcome.id : null;
  const verdict = outcome?.kind === 'result' ? outcome.verdict : null;
  useEffect(() => {
    if (id === null || verdict === null || typeof navigator.vibrate !== 'function') return;
    try {
      navigator.vibrate(vibrationPattern(verdict));
    } catch {
      // Refused (no user gesture yet, or a policy): the verdict is on screen regardless.
    }
  }, [id, verdict]);
}
