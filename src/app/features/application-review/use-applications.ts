/**
 * The Plate Requests list as last read from the server, and the decisions taken on it.
 * The last list read this session is kept in memory, so a page opened again while the
 * connection is down still shows it (marked with the time it was read); decisions stay
 * online only.
 */
import { useCallback, useEffect, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import { replaceRequests } from './decision-report';
import { type AdminApplication, fetchApplications } from './applications-api';

export interface RequestList {
  readonly requests: readonly AdminApplication[];
  /** When the server answered (ms since the epoch). */
  readonly fetchedAt: number;
}

let lastFetched: RequestList | null = null;

export function useApplications() {
  const isOnline = useOnlineStatus();
  const [list, setList] = useState<RequestList | null>(lastFetched);
  const [loadError, setLoadError] = useState<string | null>(null);

  const keep = useCallback((next: RequestList | null) => {
    lastFetched = next;
    setList(next);
  }, []);

  const take = useCallback(
    (answer: Awaited<ReturnType<typeof fetchApplications>>) => {
      if (answer.ok) {
        keep({ requests: answer.requests, fetchedAt: Date.now() });
        setLoadError(null);
        return;
      }
      // Signed out or no longer an administrator: nothing from before may stay on screen.
      if (answer.status === 401 || answer.status === 403) keep(null);
      setLoadError(answer.message);
    },
    [keep],
  );

  const reload = useCallback(async () => take(await fetchApplications()), [take]);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchApplications().then((answer) => isCurrent && take(answer));
    return () => {
      isCurrent = false;
    };
  }, [isOnline, take]);

  /** Puts the server's copies of decided requests in the list. */
  const applyFresh = useCallback(
    (fresh: readonly AdminApplication[]) => {
      const current = lastFetched;
      if (current) keep({ ...current, requests: replaceRequests(current.requests, fresh) });
    },
    [keep],
  );

  return { list, loadError, isOnline, reload, applyFresh };
}
