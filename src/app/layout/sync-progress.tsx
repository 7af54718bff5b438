/** A progress bar under the dashboard header while a long pull (a first sync) runs. */
import { Progress, Text } from '@chakra-ui/react';
import { useSyncStatus } from '../components/use-sync-status';

export function SyncProgress() {
  const { pullProgress: changes, registryProgress } = useSyncStatus('pullProgress', 'registryProgress');
  // The registry copy counts buckets; shown on the same bar, in its own words for screen readers.
  const pullProgress =
    changes ?? (registryProgress ? { received: registryProgress.buckets, total: registryProgress.totalBuckets } : null);
  if (!pullProgress) return null;
  const percent = pullProgress.total === 0 ? 100 : Math.round((pullProgress.received / pullProgress.total) * 100);
  return (
    <Progress.Root value={percent} size="xs" colorPalette="brand" aria-label="Downloading your data for offline use">
      <Progress.Track rounded="none">
        {/* Steps as pages land (several a second) instead of sliding: a sliding bar keeps the
            page drawing frames for the whole sync, on the cores the sync itself needs. */}
        <Progress.Range transition="none" />
      </Progress.Track>
      <Text srOnly>
        {pullProgress.received} of {pullProgress.total} {changes ? 'records' : 'parts of the registry'} downloaded
      </Text>
    </Progress.Root>
  );
}
