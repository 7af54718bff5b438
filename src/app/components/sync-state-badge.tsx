/** Where a record stands: saved on this device, synced, or refused by the server (see Needs attention). */
import { Badge } from '@chakra-ui/react';
import type { SyncState } from '../store/database';

export function SyncStateBadge({ state }: { state: SyncState | undefined }) {
  if (state === 'pending') {
    return (
      <Badge colorPalette="orange" variant="outline" size="sm">
        Saved on this device
      </Badge>
    );
  }
  if (state === 'rejected') {
    return (
      <Badge colorPalette="red" variant="solid" size="sm">
        Needs attention
      </Badge>
    );
  }
  return (
    <Badge colorPalette="gray" variant="subtle" size="sm">
      Synced
    </Badge>
  );
}
