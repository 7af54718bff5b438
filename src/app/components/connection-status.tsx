/**
 * Online/offline and sync state, always visible in the header: a dot and a word,
 * plus the number of changes waiting on this device.
 */
import { staticClasses } from '../theme/static-styles';
import type { connectionStatusStyles } from './connection-status.styles';
import { formatTimeOfDay } from './format-date-time';
import { CLOUD_DRAWING, CLOUD_OFF_DRAWING } from './icon-drawings';
import { PlainIcon } from './plain-icon';
import { useOnlineStatus } from './use-online-status';
import { useSyncStatus } from './use-sync-status';

// Styled at build time (connection-status.styles.tsx, decision 039): every page's header shows it.
const cls = staticClasses<typeof connectionStatusStyles>('connection-status');

export function ConnectionStatus() {
  const isOnline = useOnlineStatus();
  const { pending, rejected, isSyncing, lastSyncedAt } = useSyncStatus(
    'pending',
    'rejected',
    'isSyncing',
    'lastSyncedAt',
  );
  const waiting = pending + rejected;
  const label = isOnline ? (isSyncing ? 'Syncing' : 'Online') : 'Offline';
  const detail =
    waiting > 0 ? `${waiting} change${waiting === 1 ? '' : 's'} saved on this device` : 'all changes synced';
  const synced = lastSyncedAt === null ? null : `last synced ${formatTimeOfDay(lastSyncedAt)}`;
  return (
    <div
      className={cls('root')}
      role="status"
      aria-live="polite"
      aria-label={`${label}, ${detail}${synced ? `, ${synced}` : ''}`}
      data-testid="connection-status"
      title={synced ?? undefined}
    >
      <span className={cls(isOnline ? 'online' : 'offline')}>
        <PlainIcon drawing={isOnline ? CLOUD_DRAWING : CLOUD_OFF_DRAWING} className={cls('icon')} />
        {label}
      </span>
      {waiting > 0 ? (
        <p className={cls('waiting')}>{waiting} waiting</p>
      ) : (
        synced && <p className={cls('synced')}>Synced {formatTimeOfDay(lastSyncedAt ?? 0)}</p>
      )}
    </div>
  );
}
