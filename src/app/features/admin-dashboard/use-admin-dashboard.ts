/**
 * The dashboard shown for a period and view: the device's last copy at once (so it reads
 * offline), replaced by the server's answer when online. Each answer is kept on the
 * device, so the screen follows the store and never shows two versions at once.
 */
import type { DashboardPeriodId, AdminDashboardView } from '#domain/reports/dashboard-period';
import { useCallback, useEffect, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import { useStoreQuery } from '../../store/use-store-query';
import { fetchAdminDashboard } from './admin-dashboard-api';
import { type CachedDashboard, readCachedDashboard, storeDashboard } from '../../reports/dashboard-cache';

export interface AdminDashboardState {
  /** The copy shown; undefined while the device's store answers, null when it holds none. */
  shown: CachedDashboard | null | undefined;
  isOnline: boolean;
  isFetching: boolean;
  /** Why the last fetch for this period and view failed; null when it did not. */
  failure: string | null;
  refresh: () => void;
}

export function useAdminDashboard(period: DashboardPeriodId, view: AdminDashboardView): AdminDashboardState {
  const isOnline = useOnlineStatus();
  const shown = useStoreQuery((db) => readCachedDashboard(db, period, view), [period, view]);
  const [generation, setGeneration] = useState(0);
  const [fetchState, setFetchState] = useState<{ key: string; isFetching: boolean; failure: string | null }>({
    key: '',
    isFetching: false,
    failure: null,
  });
  const key = `${period}:${view}:${generation}`;

  useEffect(() => {
    if (!isOnline) return;
    // Until this fetch answers, fetchState belongs to another key and reads as fetching.
    const controller = new AbortController();
    fetchAdminDashboard(period, view, controller.signal).then(
      async (answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok) await storeDashboard(answer.dashboard, Date.now());
        setFetchState({ key, isFetching: false, failure: answer.ok ? null : answer.message });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFetchState({
          key,
          isFetching: false,
          failure: error instanceof Error ? error.message : 'The dashboard could not be read.',
        });
      },
    );
    return () => controller.abort();
  }, [period, view, isOnline, key]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  const current = fetchState.key === key ? fetchState : { isFetching: isOnline, failure: null };
  return { shown, isOnline, isFetching: isOnline && current.isFetching, failure: current.failure, refresh };
}
