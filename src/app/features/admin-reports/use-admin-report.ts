/**
 * The report shown for a period and type: the device's last copy at once (meta table, so
 * it reads offline, with when it was fetched), replaced by the server's answer when online.
 * Kept under the dashboard's cache prefix, so signing out removes it with the dashboard's.
 */
import type { AdminReport, ReportPeriodId, ReportType } from '#domain/reports/admin-report';
import { useCallback, useEffect, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import type { NambalaDatabase } from '../../store/database';
import { loadStore } from '../../store/load-store';
import { useStoreQuery } from '../../store/use-store-query';
import { DASHBOARD_CACHE_PREFIX } from '../../reports/dashboard-cache';
import { fetchAdminReport } from './admin-reports-api';

export interface CachedReport {
  report: AdminReport;
  /** When this device received it (ms). */
  fetchedAt: number;
}

export const reportCacheKey = (period: ReportPeriodId, type: ReportType) =>
  `${DASHBOARD_CACHE_PREFIX}report:${period}:${type}`;

function isCachedReport(value: unknown): value is CachedReport {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as { report?: { summary?: unknown; previous?: unknown }; fetchedAt?: unknown };
  return (
    typeof entry.fetchedAt === 'number' &&
    typeof entry.report?.summary === 'object' &&
    typeof entry.report.previous === 'object'
  );
}

async function readCachedReport(
  db: NambalaDatabase,
  period: ReportPeriodId,
  type: ReportType,
): Promise<CachedReport | null> {
  const entry = await db.meta.get(reportCacheKey(period, type));
  return isCachedReport(entry?.value) ? entry.value : null;
}

async function storeReport(report: AdminReport, fetchedAt: number): Promise<void> {
  const { db } = await loadStore();
  const value: CachedReport = { report, fetchedAt };
  await db.meta.put({ key: reportCacheKey(report.period, report.type), value });
}

export interface AdminReportState {
  /** The copy shown; undefined while the device's store answers, null when it holds none. */
  shown: CachedReport | null | undefined;
  isOnline: boolean;
  isFetching: boolean;
  /** Why the last fetch failed; null when it did not. */
  failure: string | null;
  refresh: () => void;
}

export function useAdminReport(period: ReportPeriodId, type: ReportType): AdminReportState {
  const isOnline = useOnlineStatus();
  const shown = useStoreQuery((db) => readCachedReport(db, period, type), [period, type]);
  const [generation, setGeneration] = useState(0);
  const [fetchState, setFetchState] = useState<{ key: string; isFetching: boolean; failure: string | null }>({
    key: '',
    isFetching: false,
    failure: null,
  });
  const key = `${period}:${type}:${generation}`;

  useEffect(() => {
    if (!isOnline) return;
    const controller = new AbortController();
    fetchAdminReport(period, type, controller.signal).then(
      async (answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok) await storeReport(answer.report, Date.now());
        setFetchState({ key, isFetching: false, failure: answer.ok ? null : answer.message });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFetchState({
          key,
          isFetching: false,
          failure: error instanceof Error ? error.message : 'The report could not be read.',
        });
      },
    );
    return () => controller.abort();
  }, [period, type, isOnline, key]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  const current = fetchState.key === key ? fetchState : { isFetching: isOnline, failure: null };
  return { shown, isOnline, isFetching: isOnline && current.isFetching, failure: current.failure, refresh };
}
