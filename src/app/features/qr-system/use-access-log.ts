/**
 * The access log as the section shows it: the first page for the filters, read again when
 * they change or the device comes back online, and further pages appended on request.
 * Nothing is stored on the device (access-log-api.ts says why); offline, the section says so.
 */
import { useCallback, useEffect, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import { type AccessLogPage, type AccessLogQuery, fetchAccessLog, fetchReaders, type Reader } from './access-log-api';

export interface AccessLogState {
  isOnline: boolean;
  /** The rows read so far for these filters; null before the first page has come. */
  page: AccessLogPage | null;
  isLoading: boolean;
  isLoadingMore: boolean;
  failure: string | null;
  loadMore: () => void;
  refresh: () => void;
}

export function useAccessLog(query: AccessLogQuery): AccessLogState {
  const isOnline = useOnlineStatus();
  const [generation, setGeneration] = useState(0);
  const key = `${query.officerId}\u0000${query.plateNumber}\u0000${generation}`;
  const [state, setState] = useState<{
    key: string;
    page: AccessLogPage | null;
    isLoadingMore: boolean;
    failure: string | null;
  }>({ key: '', page: null, isLoadingMore: false, failure: null });

  useEffect(() => {
    if (!isOnline) return;
    const controller = new AbortController();
    fetchAccessLog(query, null, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState({
          key,
          page: answer.ok ? answer.value : null,
          isLoadingMore: false,
          failure: answer.ok ? null : answer.message,
        });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({
            key,
            page: null,
            isLoadingMore: false,
            failure: error instanceof Error ? error.message : 'The access log could not be read.',
          });
      },
    );
    return () => controller.abort();
    // The query's fields are in the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, isOnline]);

  const current = state.key === key ? state : null;
  const cursor = current?.page?.nextCursor ?? null;

  const loadMore = useCallback(() => {
    if (!cursor) return;
    setState((before) => (before.key === key ? { ...before, isLoadingMore: true } : before));
    void fetchAccessLog(query, cursor).then((answer) =>
      setState((before) => {
        if (before.key !== key || !before.page) return before;
        if (!answer.ok) return { ...before, isLoadingMore: false, failure: answer.message };
        return {
          ...before,
          isLoadingMore: false,
          failure: null,
          page: {
            entries: [...before.page.entries, ...answer.value.entries],
            total: answer.value.total,
            nextCursor: answer.value.nextCursor,
          },
        };
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, cursor]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  return {
    isOnline,
    page: current?.page ?? null,
    isLoading: isOnline && current === null,
    isLoadingMore: current?.isLoadingMore ?? false,
    failure: isOnline ? (current?.failure ?? null) : null,
    loadMore,
    refresh,
  };
}

/** The officers and administrators to filter by, read once online; empty until then. */
export function useReaders(): Reader[] {
  const isOnline = useOnlineStatus();
  const [readers, setReaders] = useState<Reader[]>([]);
  useEffect(() => {
    if (!isOnline) return;
    const controller = new AbortController();
    fetchReaders(controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted && answer.ok) setReaders(answer.value);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [isOnline]);
  return readers;
}
