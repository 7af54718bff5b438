/**
 * Today's calendar date on this device, as YYYY-MM-DD in local time: what the
 * agent's date fields allow at most and what the overview counts back from.
 * (toISOString() would give the UTC day, which is yesterday before 02:00 in Zambia.)
 */
import { useSyncExternalStore } from 'react';

export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Tells React when the day may have changed: at local midnight, and when the page is shown again after sleep. */
function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    timer = setTimeout(
      () => {
        onChange();
        arm();
      },
      midnight.getTime() - now.getTime() + 1000,
    );
  };
  arm();
  document.addEventListener('visibilitychange', onChange);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** Today as YYYY-MM-DD in local time, kept current across midnight. */
export function useToday(): string {
  return useSyncExternalStore(
    subscribe,
    () => localToday(),
    () => localToday(),
  );
}
