/**
 * Pieces Claims shares: the status badge, a photo (from this device's copy, or from the
 * server when online), and the device's storage with its warning before it runs out.
 */
import { type ClaimStatus, storageRunningOut } from '#domain/insurance/claim-steps';
import { Alert, Badge, Box, Button, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { photoUrl } from './claim-api';
import { removeUploadedPhotos } from './claim-photo-uploader';

const STATUS_COLOURS: Record<ClaimStatus, string> = {
  Submitted: 'blue',
  'Under Assessment': 'orange',
  Approved: 'green',
  Rejected: 'red',
  Paid: 'purple',
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <Badge colorPalette={STATUS_COLOURS[status]} variant="subtle">
      {status}
    </Badge>
  );
}

/** 1.2 MB, 340 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** An object URL for a Blob, revoked when the Blob changes or the component goes. */
function useBlobUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<{ blob: Blob; url: string }>();
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    let isLive = true;
    void Promise.resolve().then(() => isLive && setUrl({ blob, url: next }));
    return () => {
      isLive = false;
      URL.revokeObjectURL(next);
    };
  }, [blob]);
  // A URL made for an earlier Blob has been revoked: never shown for this one.
  return url && url.blob === blob ? url.url : undefined;
}

/** A claim photo: this device's copy when it has one, else the server's (online, once complete), else a note saying where it is. */
export function ClaimPhoto({
  claimId,
  sha256,
  blob,
  isOnServer,
  alt,
}: {
  claimId: string;
  sha256: string;
  blob?: Blob;
  isOnServer: boolean;
  alt: string;
}) {
  const isOnline = useOnlineStatus();
  const local = useBlobUrl(blob);
  const src = local ?? (isOnServer && isOnline ? photoUrl(claimId, sha256) : undefined);
  return (
    <Box
      aspectRatio="4 / 3"
      bg="bg.muted"
      rounded="md"
      overflow="hidden"
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      {src ? (
        <Image src={src} alt={alt} objectFit="cover" w="full" h="full" />
      ) : (
        <Text fontSize="xs" color="fg.muted" textAlign="center" px="2">
          {isOnServer ? 'On the server: shown when online' : 'Taken on another device: shown once it is uploaded'}
        </Text>
      )}
    </Box>
  );
}

export interface StorageEstimate {
  usage: number;
  quota: number;
}

/** The browser's estimate of this site's storage, read again whenever `key` changes (photos added or removed). */
export function useStorageEstimate(key: unknown): StorageEstimate | null {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    let stopped = false;
    if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return undefined;
    navigator.storage
      .estimate()
      .then((answer) => {
        if (!stopped && typeof answer.usage === 'number' && typeof answer.quota === 'number')
          setEstimate({ usage: answer.usage, quota: answer.quota });
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [key]);
  return estimate;
}

export const STORAGE_LOW_MESSAGE =
  'Storage on this device is nearly full. Photos already on the server can be removed from this device; photos still waiting are kept until they are uploaded, so connect to the internet soon.';

/** The device's storage in use, with a warning before it runs out and a way to free what the server already has. */
export function StorageNotice({
  estimate,
  waiting,
  uploadedCount,
}: {
  estimate: StorageEstimate | null;
  waiting: { count: number; bytes: number };
  uploadedCount: number;
}) {
  const [isFreeing, setFreeing] = useState(false);
  const isLow = estimate !== null && storageRunningOut(estimate);
  const summary =
    estimate === null
      ? 'This browser does not say how much storage it allows.'
      : `This device holds ${formatBytes(estimate.usage)} for Nambala, of ${formatBytes(estimate.quota)} available (${Math.round((estimate.usage / Math.max(1, estimate.quota)) * 100)}% used).`;
  const waitingText =
    waiting.count === 0
      ? 'Every photo taken here is on the server.'
      : `${waiting.count} photo${waiting.count === 1 ? '' : 's'} (${formatBytes(waiting.bytes)}) waiting to upload.`;

  async function free() {
    setFreeing(true);
    try {
      const bytes = await removeUploadedPhotos();
      showToast({
        type: 'success',
        title: 'Uploaded photos removed from this device',
        description: `${formatBytes(bytes)} freed. They stay on the server.`,
      });
    } finally {
      setFreeing(false);
    }
  }

  return (
    <Stack gap="2">
      {isLow && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Storage is running out</Alert.Title>
            <Alert.Description>{STORAGE_LOW_MESSAGE}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {summary} {waitingText}
      </Text>
      {uploadedCount > 0 && (
        <Box>
          <Button size="xs" variant="outline" loading={isFreeing} onClick={() => void free()}>
            Remove uploaded photos from this device ({uploadedCount})
          </Button>
        </Box>
      )}
    </Stack>
  );
}
