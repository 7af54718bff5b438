/**
 * Where a record stands when it is not yet where it should be: saved on this device (not yet
 * sent), or refused by the server (see Needs attention). A synced record shows nothing: a
 * "Synced" chip on every row of every list is noise; the header says when the device last synced.
 */
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
  return null;
}
