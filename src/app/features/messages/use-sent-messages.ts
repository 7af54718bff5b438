/**
 * The sent messages read a page at a time from the server: the newest page when the screen
 * opens (and again when the device comes back online, or on Refresh), older pages on demand.
 */
import type { SentMessage } from '#domain/messages/sent-message';
import { useCallback, useEffect, useState } from 'react';
import { useOnlineStatus } from '../../components/use-online-status';
import { fetchSentMessages } from './sent-messages-api';

export interface SentMessagesState {
  status: 'loading' | 'ready' | 'failed';
  messages: SentMessage[];
  total: number;
  nextBefore: string | null;
  /** Why the last read failed; null when it did not. */
  message: string | null;
  isLoadingMore: boolean;
  /** Refresh pressed: the newest page is being read again. */
  isRefreshing: boolean;
}

const INITIAL: SentMessagesState = {
  status: 'loading',
  messages: [],
  total: 0,
  nextBefore: null,
  message: null,
  isLoadingMore: false,
  isRefreshing: false,
};

/** Adds an older page after the messages shown, leaving out any already there (sent meanwhile, then paged past). */
export function appendPage(shown: readonly SentMessage[], older: readonly SentMessage[]): SentMessage[] {
  const ids = new Set(shown.map((message) => message.id));
  return [...shown, ...older.filter((message) => !ids.has(message.id))];
}

export function useSentMessages(): SentMessagesState & { loadMore: () => Promise<string | null>; reload: () => void } {
  const isOnline = useOnlineStatus();
  const [state, setState] = useState<SentMessagesState>(INITIAL);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void fetchSentMessages(null).then((answer) => {
      if (!isCurrent) return;
      setState((current) =>
        answer.ok
          ? {
              status: 'ready',
              messages: answer.page.messages,
              total: answer.page.total,
              nextBefore: answer.page.nextBefore,
              message: null,
              isLoadingMore: false,
              isRefreshing: false,
            }
          : {
              ...current,
              status: current.messages.length > 0 ? current.status : 'failed',
              message: answer.message,
              isRefreshing: false,
            },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [isOnline, generation]);

  /** Reads the next older page; resolves with the id of its first message that was not shown yet. */
  const loadMore = useCallback(async (): Promise<string | null> => {
    const before = state.nextBefore;
    if (!before || state.isLoadingMore) return null;
    setState((current) => ({ ...current, isLoadingMore: true, message: null }));
    const answer = await fetchSentMessages(before);
    setState((current) =>
      answer.ok
        ? {
            ...current,
            messages: appendPage(current.messages, answer.page.messages),
            total: answer.page.total,
            nextBefore: answer.page.nextBefore,
            isLoadingMore: false,
          }
        : { ...current, isLoadingMore: false, message: answer.message },
    );
    const shownIds = new Set(state.messages.map((message) => message.id));
    return answer.ok ? (answer.page.messages.find((message) => !shownIds.has(message.id))?.id ?? null) : null;
  }, [state.nextBefore, state.isLoadingMore, state.messages]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, message: null, isRefreshing: true }));
    setGeneration((value) => value + 1);
  }, []);
  return { ...state, loadMore, reload };
}
