/**
 * Scanning a plate's QR code with the device camera. html5-qrcode (about 100 KiB) is
 * loaded only when scanning starts. Where the camera cannot be used, a photo of the
 * code can be chosen instead; where the device has a torch, it can be switched on.
 */
import { Alert, Box, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Html5Qrcode } from 'html5-qrcode';
import { QrIcon } from '../components/icons';

/** Marked when the camera starts; the benchmark measures from here to the verdict. */
export const SCAN_START_MARK = 'nambala:scan-start';

type ScannerState = 'idle' | 'starting' | 'scanning';

/** What to tell the person when the camera cannot be started, from the browser's error. */
export function cameraProblem(error: unknown): string {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/NotAllowed|Permission|denied/i.test(text)) {
    return 'Camera access was refused. Allow the camera for this site in the browser’s settings, or choose a photo of the QR code below.';
  }
  if (/NotFound|Requested device not found|no camera|OverconstrainedError/i.test(text)) {
    return 'No camera was found on this device. Choose a photo of the QR code below, or type the plate number.';
  }
  if (/NotReadable|in use|Could not start/i.test(text)) {
    return 'The camera is in use by another app. Close it and try again, or choose a photo of the QR code.';
  }
  if (/secure context|https/i.test(text))
    return 'The camera needs a secure (https) connection. Choose a photo of the QR code instead.';
  return 'The camera could not be started. Choose a photo of the QR code below, or type the plate number.';
}

async function loadLibrary() {
  const [{ Html5Qrcode, Html5QrcodeSupportedFormats }, { default: jsQR }] = await Promise.all([
    import('html5-qrcode'),
    import('jsqr'),
  ]);
  return { Html5Qrcode, formats: [Html5QrcodeSupportedFormats.QR_CODE], jsQR };
}

type JsQr = Awaited<ReturnType<typeof loadLibrary>>['jsQR'];

// html5-qrcode falls back to ZXing where the browser has no native barcode detector
// (desktop Linux, iPhones), and ZXing's locator misses some valid codes outright,
// depending only on their content (about 1 in 14 plate credentials here). A second
// decoder, jsQR, reads the same frames and photos, and the first to succeed wins.
const SECOND_DECODER_INTERVAL_MS = 250;
const MAX_FRAME_WIDTH = 800;

function decodeDrawable(jsQR: JsQr, source: CanvasImageSource, width: number, height: number): string | null {
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, MAX_FRAME_WIDTH / width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

export function QrScanner({
  onDecoded,
  onStart,
  disabled = false,
}: {
  onDecoded: (text: string) => void;
  /** A new scan begins (the camera or a photo): the screen clears the previous car's verdict. */
  onStart?: () => void;
  disabled?: boolean;
}) {
  const regionId = `qr-region-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const scanner = useRef<Html5Qrcode | null>(null);
  const [state, setState] = useState<ScannerState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [torch, setTorch] = useState<{ supported: boolean; on: boolean }>({ supported: false, on: false });
  const fileInput = useRef<HTMLInputElement>(null);
  const decodedRef = useRef(onDecoded);
  useEffect(() => {
    decodedRef.current = onDecoded;
  }, [onDecoded]);

  const secondDecoder = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = async () => {
    if (secondDecoder.current) clearInterval(secondDecoder.current);
    secondDecoder.current = null;
    const current = scanner.current;
    scanner.current = null;
    setTorch({ supported: false, on: false });
    setState('idle');
    if (!current) return;
    try {
      await current.stop();
      current.clear();
    } catch {
      // already stopped
    }
  };

  useEffect(
    () => () => {
      void stop();
    },
    [],
  );

  const start = async () => {
    onStart?.();
    setProblem(null);
    setState('starting');
    try {
      const { Html5Qrcode, formats, jsQR } = await loadLibrary();
      const instance = new Html5Qrcode(regionId, {
        formatsToSupport: formats,
        verbose: false,
        useBarCodeDetectorIfSupported: true,
      });
      scanner.current = instance;
      let done = false;
      const found = (text: string) => {
        if (done) return;
        done = true;
        void stop();
        decodedRef.current(text);
      };
      await instance.start(
        { facingMode: 'environment' },
        {
          fps: 15,
          qrbox: (width, height) => {
            const side = Math.floor(Math.min(width, height) * 0.8);
            return { width: side, height: side };
          },
        },
        found,
        () => undefined, // no code in this frame: keep looking
      );
      performance.mark(SCAN_START_MARK);
      secondDecoder.current = setInterval(() => {
        const video = document.getElementById(regionId)?.querySelector('video');
        if (!video || video.readyState < 2) return;
        const text = decodeDrawable(jsQR, video, video.videoWidth, video.videoHeight);
        if (text) found(text);
      }, SECOND_DECODER_INTERVAL_MS);
      setState('scanning');
      try {
        const capability = instance.getRunningTrackCameraCapabilities().torchFeature();
        setTorch({ supported: capability.isSupported(), on: false });
      } catch {
        setTorch({ supported: false, on: false });
      }
    } catch (error) {
      scanner.current = null;
      setState('idle');
      setProblem(cameraProblem(error));
    }
  };

  const toggleTorch = async () => {
    const instance = scanner.current;
    if (!instance) return;
    try {
      await instance.getRunningTrackCameraCapabilities().torchFeature().apply(!torch.on);
      setTorch({ supported: true, on: !torch.on });
    } catch {
      setTorch({ supported: false, on: false });
    }
  };

  const scanPhoto = async (file: File | undefined) => {
    if (!file) return;
    onStart?.();
    setProblem(null);
    await stop();
    try {
      const { Html5Qrcode, formats, jsQR } = await loadLibrary();
      const instance = new Html5Qrcode(`${regionId}-file`, { formatsToSupport: formats, verbose: false });
      const text = await instance.scanFile(file, false).catch(async () => {
        const bitmap = await createImageBitmap(file);
        const second = decodeDrawable(jsQR, bitmap, bitmap.width, bitmap.height);
        bitmap.close();
        if (second === null) throw new Error('no QR code found');
        return second;
      });
      instance.clear();
      decodedRef.current(text);
    } catch {
      setProblem(
        'No QR code was found in that picture. Take it closer, straight on and in good light, with the whole code in view.',
      );
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Stack gap="3">
      <Box
        id={regionId}
        aria-label="Camera view"
        role="region"
        borderRadius="md"
        overflow="hidden"
        bg={state === 'idle' ? 'bg.subtle' : 'black'}
        minH={state === 'idle' ? '0' : '64'}
        display={state === 'idle' ? 'none' : 'block'}
      />
      <div id={`${regionId}-file`} hidden />
      {state === 'idle' && (
        <Stack align="center" textAlign="center" gap="2" py="4">
          <QrIcon boxSize="12" color="fg.muted" aria-hidden />
          <Text>Point the camera at the QR code on the plate sticker.</Text>
        </Stack>
      )}
      {problem && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="2" wrap="wrap">
        {state === 'idle' ? (
          <Button
            colorPalette="brand"
            onClick={() => void start()}
            disabled={disabled}
            flex={{ base: '1', sm: 'initial' }}
          >
            <QrIcon /> Start Scanning
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() => void stop()}
            loading={state === 'starting'}
            loadingText="Starting camera…"
          >
            Stop Scanning
          </Button>
        )}
        {torch.supported && (
          <Button variant="outline" aria-pressed={torch.on} onClick={() => void toggleTorch()}>
            {torch.on ? 'Torch off' : 'Torch on'}
          </Button>
        )}
        <Button variant="ghost" onClick={() => fileInput.current?.click()} disabled={disabled}>
          Choose a photo
        </Button>
        <VisuallyHidden asChild>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            aria-label="Photo of a QR code"
            onChange={(event) => void scanPhoto(event.currentTarget.files?.[0])}
          />
        </VisuallyHidden>
      </HStack>
    </Stack>
  );
}
