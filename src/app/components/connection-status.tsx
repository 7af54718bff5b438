/**
 * Online/offline and sync state, always visible in the header: a dot and a word,
 * plus the number of changes waiting on this device.
 */
import { Badge, HStack, Text } from '@chakra-ui/react';
import { useOnlineStatus } from './use-online-status';
import { useSyncStatus } from './use-sync-status';
import { CloudIcon, CloudOffIcon } from './icons';
import { formatTimeOfDay } from './format-date-time';

export function ConnectionStatus() {
  const isOnline = useOnlineStatus();
  const { pending, rejected, isSyncing, lastSyncedAt } = useSyncStatus('pending', 'rejected', 'isSyncing', 'lastSyncedAt');
  const waiting = pending + rejected;
  const label = isOnline ? (isSyncing ? 'Syncing' : 'Online') : 'Offline';
  const detail = waiting > 0 ? `${waiting} change${waiting === 1 ? '' : 's'} saved on this device` : 'all changes synced';
  const synced = lastSyncedAt === null ? null : `last synced ${formatTimeOfDay(lastSyncedAt)}`;
  return (
    <HStack gap="1.5" role="status" aria-live="polite" aria-label={`${label}, ${detail}${synced ? `, ${synced}` : ''}`} data-testid="connection-status" title={synced ?? undefined}>
      <Badge colorPalette={isOnline ? 'green' : 'orange'} variant="subtle" size="sm" gap="1">
        {isOnline ? <CloudIcon boxSize="3.5" /> : <CloudOffIcon boxSize="3.5" />}
        {label}
      </Badge>
      {waiting > 0 ? (
        <Text fontSize="xs" color="fg.muted" hideBelow="sm">
          {waiting} waiting
        </Text>
      ) : (
        synced && (
          <Text fontSize="xs" color="fg.muted" hideBelow="md">
            Synced {formatTimeOfDay(lastSyncedAt ?? 0)}
          </Text>
        )
      )}
    </HStack>
  );
}
