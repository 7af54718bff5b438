/**
 * Said at the top of a page that reads the device's copy: offline, what is shown is as
 * of the last sync (and when that was); online, nothing.
 */
import { Alert } from '@chakra-ui/react';
import { formatDateTime } from './format-date-time';
import { useOnlineStatus } from './use-online-status';
import { useSyncStatus } from './use-sync-status';

export function OfflineAsOf({ what }: { what: string }) {
  const isOnline = useOnlineStatus();
  const { lastSyncedAt } = useSyncStatus('lastSyncedAt');
  if (isOnline) return null;
  const when =
    lastSyncedAt === null ? 'the last time this device synced' : formatDateTime(new Date(lastSyncedAt).toISOString());
  return (
    <Alert.Root status="info" data-testid="offline-as-of">
      <Alert.Indicator />
      <Alert.Description>
        This device is offline: {what} as of {when}. Changes you can make offline are saved on this device and sent when
        you are back online.
      </Alert.Description>
    </Alert.Root>
  );
}
