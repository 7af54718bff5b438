/**
 * Running a verification from a screen: one check at a time, its outcome, and for an
 * officer the check logged through the one write path (kept on the device, synced).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import { recordPoliceCheck, type VerificationOutcome, verifyCredentialText, verifyPlateNumber } from '../../registry/verify';
import { db } from '../../store/database';
import { startSync } from '../../sync/sync-engine';

export function useVerification({ logChecks }: { logChecks: boolean }) {
  const online = useOnlineStatus();
  const [outcome, setOutcome] = useState<VerificationOutcome | null>(null);
  const [isChecking, setChecking] = useState(false);
  const latest = useRef(0);
  // Keys and the revocation list come with sync; a visitor's first visit fetches them.
  useEffect(() => startSync(), []);

  const run = useCallback(
    async (work: () => Promise<VerificationOutcome>, method: 'manual' | 'scan') => {
      const ticket = (latest.current += 1);
      setChecking(true);
      try {
        const result = await work();
        if (ticket !== latest.current) return;
        setOutcome(result);
        if (logChecks && result.kind === 'result') await recordPoliceCheck(db, result, method);
      } catch {
        if (ticket === latest.current) setOutcome({ kind: 'problem', title: 'The check could not be completed', detail: 'Something went wrong on this device. Try again; if it keeps happening, reload the page.' });
      } finally {
        if (ticket === latest.current) setChecking(false);
      }
    },
    [logChecks],
  );

  const verifyText = useCallback((text: string) => run(() => verifyCredentialText(db, text), 'scan'), [run]);
  const verifyNumber = useCallback((plateNumber: string) => run(() => verifyPlateNumber(db, plateNumber, { online, method: 'manual' }), 'manual'), [run, online]);
  const clear = useCallback(() => setOutcome(null), []);

  return { outcome, isChecking, verifyText, verifyNumber, clear };
}
