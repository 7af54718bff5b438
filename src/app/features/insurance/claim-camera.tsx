/**
 * Taking a claim photo with the device camera inside the app: the rear camera's picture
 * live, Capture to keep the frame as a photo (it then goes through the same resizing as a
 * chosen file), Done to close. Where the browser cannot open the camera (refused, none,
 * busy, or no camera API), it says why, and the phone's own camera app (a file input with
 * `capture`) is offered instead.
 */
import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

/** What to tell the assessor when the camera cannot be opened, from the browser's error. */
export function claimCameraProblem(error: unknown): string {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/NotAllowed|Permission|denied/i.test(text))
    return 'Camera access was refused. Allow the camera for this site in the browser’s settings, or use the phone’s camera app below.';
  if (/NotFound|not found|OverconstrainedError/i.test(text))
    return 'No camera was found on this device. Choose photos already taken instead.';
  if (/NotReadable|in use|Could not start/i.test(text))
    return 'The camera is in use by another app. Close it and try again, or use the phone’s camera app below.';
  return 'The camera could not be opened. Use the phone’s camera app below, or choose photos already taken.';
}

export const canOpenCamera = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

interface ClaimCameraProps {
  /** A captured frame, as a JPEG file like one a phone's camera app gives. */
  onCapture: (photo: File) => void | Promise<void>;
  /** Opens the phone's own camera app (the file input with `capture`). */
  onUseCameraApp: () => void;
  onDone: () => void;
  isBusy: boolean;
  canTakeMore: boolean;
}

export function ClaimCamera({ onCapture, onUseCameraApp, onDone, isBusy, canTakeMore }: ClaimCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isLive, setLive] = useState(false);
  const [taken, setTaken] = useState(0);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let isCurrent = true;
    void navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      })
      .then(async (opened) => {
        if (!isCurrent) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream = opened;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = opened;
        await video.play();
        setLive(true);
      })
      .catch((error: unknown) => {
        if (isCurrent) setProblem(claimCameraProblem(error));
      });
    return () => {
      isCurrent = false;
      if (stream) for (const track of stream.getTracks()) track.stop();
    };
  }, []);

  async function capture() {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) return;
    setTaken((count) => count + 1);
    await onCapture(new File([blob], `claim-photo-${Date.now()}.jpg`, { type: 'image/jpeg' }));
  }

  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" role="group" aria-label="Camera">
      {problem ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      ) : (
        <Box bg="black" rounded="md" overflow="hidden" aspectRatio={4 / 3} maxH="60vh">
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label="What the camera sees"
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        </Box>
      )}
      <HStack gap="2" wrap="wrap">
        {!problem && (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => void capture()}
            disabled={!isLive || isBusy || !canTakeMore}
            loading={!isLive && problem === null}
            loadingText="Opening camera…"
          >
            Capture
          </Button>
        )}
        {problem && (
          <Button size="sm" variant="outline" onClick={onUseCameraApp}>
            Use the camera app
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
        <Text fontSize="sm" color="fg.muted" role="status">
          {taken === 0
            ? 'Point the camera at the damage and press Capture.'
            : `${taken} photo${taken === 1 ? '' : 's'} taken`}
        </Text>
      </HStack>
    </Stack>
  );
}
