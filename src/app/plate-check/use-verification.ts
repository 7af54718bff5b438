/**
 * Running a verification from a screen: one check at a time, its outcome, and for an
 * officer the check logged through the one write path (kept on the device, synced).
 *
 * The verifier (signature library, local store) and the sync engine load after the
 * page has shown, so /verification paints without them; the engine then fetches the
 * registry's keys, and a later scan verifies with no network. A typed number checked
 * online does not wait for them: its request goes out at once, and if Enter was pressed
 * before the app had started, it went out then, from the entry script (verdict-request.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnlineStatus } from '../components/use-online-status';
import { whenIdle } from '../components/when-idle';
import { loadStore } from '../store/load-store';
import { startSyncLazily } from '../sync/start-sync-lazily';
import { registryVerdictOnline } from '../verdicts/online-verdict';
import { sendVerdictRequest, takeEarlyVerdictRequest } from '../verdicts/verdict-request';
import type { VerificationOutcome } from '../verdicts/verify';
import { clearEarlyVerdict } from './early-verdict-slot';
import { newId } from '../store/new-id';

const loadVerifier = async () => {
  const [verify, store, offThread] = await Promise.all([
    import('../verdicts/verify'),
    loadStore(),
    import('../sync/off-thread'),
  ]);
  return { ...verify, db: store.db, lookUpCopy: offThread.verifyAgainstCopyOffThread };
};
type Verifier = Awaited<ReturnType<typeof loadVerifier>>;

export function useVerification({ logChecks }: { logChecks: boolean }) {
  const online = useOnlineStatus();
  const [outcome, setOutcome] = useState<VerificationOutcome | null>(null);
  const [isChecking, setChecking] = useState(false);
  const latest = useRef(0);
  // Keys and the revocation list come with sync; a visitor's first visit fetches them.
  // The verifier is fetched as soon as the page is idle too, so a check made after the
  // connection drops does not depend on the service worker having cached it yet.
  useEffect(
    () =>
      whenIdle(() => {
        void loadVerifier().catch(() => undefined);
        startSyncLazily();
      }),
    [],
  );

  const run = useCallback(
    async (work: (verifier: () => Promise<Verifier>) => Promise<VerificationOutcome>, method: 'manual' | 'scan') => {
      const ticket = (latest.current += 1);
      setChecking(true);
      try {
        // Loaded when first needed: a check the registry answers does not share a slow line with it.
        let loading: Promise<Verifier> | undefined;
        const verifier = () => (loading ??= loadVerifier());
        // A read of the device's store can fail for a moment (the store busy with a sync on a
        // loaded phone): the check is tried once more before the person is told it failed.
        const result = await work(verifier).catch(() => work(verifier));
        if (ticket !== latest.current) return;
        // The verdict shows at once; an officer's check is logged after it is on screen.
        setOutcome(result);
        setChecking(false);
        if (logChecks && result.kind === 'result') {
          const { recordPoliceCheck, addRegistryFacts, db } = await verifier();
          // A scan online then shows what a typed check shows an officer: owner, insurance, serials.
          const shown = method === 'scan' && navigator.onLine ? await addRegistryFacts(result) : result;
          if (shown !== result && ticket === latest.current) setOutcome(shown);
          await recordPoliceCheck(db, shown, method);
        }
      } catch {
        if (ticket === latest.current)
          setOutcome({
            kind: 'problem',
            title: 'The check could not be completed',
            detail: 'Something went wrong on this device. Try again; if it keeps happening, reload the page.',
          });
      } finally {
        if (ticket === latest.current) setChecking(false);
      }
    },
    [logChecks],
  );

  const verifyText = useCallback(
    (text: string) =>
      run(async (loading) => {
        clearEarlyVerdict();
        const verifier = await loading();
        return verifier.verifyCredentialText(verifier.db, text);
      }, 'scan'),
    [run],
  );
  const verifyNumber = useCallback(
    (plateNumber: string) =>
      run(async (loading) => {
        // Sent already when Enter was pressed before the app had started (verdict-request.ts).
        const early = takeEarlyVerdictRequest(plateNumber);
        // A verdict drawn from it before the app started stays until this check's is shown; another check's goes now.
        if (!early) clearEarlyVerdict();
        const request = early ?? (online ? sendVerdictRequest(plateNumber, { id: newId(), method: 'manual' }) : null);
        const checkId = request?.id ?? newId();
        const answer = request ? await registryVerdictOnline(request) : null;
        if (answer) return answer;
        // Offline, or the registry did not answer: the device's copy.
        const verifier = await loading();
        return verifier.verifyPlateNumber(verifier.db, plateNumber, {
          online: false,
          checkId,
          method: 'manual',
          // Officers keep the registry copy: their lookups go to the store worker and show the
          // plate's insurance; a visitor's device holds no copy, and is told so without
          // starting a worker.
          ...(logChecks ? { lookUpCopy: verifier.lookUpCopy, tier: 'police' as const } : {}),
        });
      }, 'manual'),
    [run, online, logChecks],
  );
  const verifyChassis = useCallback(
    (chassisNumber: string) =>
      run(async () => {
        clearEarlyVerdict();
        const { verdictByChassis } = await import('../verdicts/chassis-verdict');
        return verdictByChassis(chassisNumber);
      }, 'manual'),
    [run],
  );
  // A new scan begins: the previous car's verdict goes, and a check still running is dropped.
  const clear = useCallback(() => {
    latest.current += 1;
    setOutcome(null);
    setChecking(false);
  }, []);

  return { outcome, isChecking, verifyText, verifyNumber, verifyChassis, clear };
}
