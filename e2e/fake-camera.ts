/**
 * A plate's QR code played through Chromium's fake camera, with no ffmpeg: the code
 * is drawn straight into a Y4M video (an uncompressed YUV 4:2:0 file Chromium plays
 * and loops), black modules on white with a 4-module quiet zone, centred in the frame.
 * Also the device-side facts a scan depends on (are the registry keys on the device?).
 * Used by the e2e specs and by tests/bench/verification-bench.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type APIRequest,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from '@playwright/test';
import QRCode from 'qrcode';
import { credentialFromText, type CredentialQrSegments } from '../src/domain/credential/qr-url';
import { rowsInStore } from './device-store';
import { chromiumArgs, chromiumPath } from './playwright.config';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 30;
const QUIET_ZONE_MODULES = 4;
const WHITE = 235; // video-range luma
const BLACK = 16;
const NEUTRAL_CHROMA = 128;

/**
 * Pixels per module: the whole code with its quiet zone fits in 72 % of the frame's
 * height, because the scanner reads only a centred square of 80 % of the shorter side.
 */
function modulePixels(size: number): number {
  return Math.max(3, Math.min(10, Math.floor((0.72 * Math.min(WIDTH, HEIGHT)) / (size + 2 * QUIET_ZONE_MODULES))));
}

/** One luma plane with the code drawn in the middle. */
function lumaPlane(segments: CredentialQrSegments): Uint8Array {
  const { modules } = QRCode.create(segments, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const scale = modulePixels(size);
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(WHITE);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (!modules.data[row * size + column]) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (top + row * scale + y) * WIDTH + left + column * scale;
        luma.fill(BLACK, start, start + scale);
      }
    }
  }
  return luma;
}

interface ZxingModule {
  RGBLuminanceSource: new (luminances: Uint8ClampedArray, width: number, height: number) => unknown;
  HybridBinarizer: new (source: unknown) => unknown;
  BinaryBitmap: new (binarizer: unknown) => unknown;
  MultiFormatReader: new (
    verbose: boolean,
    hints: Map<number, unknown>,
  ) => { decode(bitmap: unknown): { text: string } };
  DecodeHintType: { POSSIBLE_FORMATS: number; TRY_HARDER: number };
  BarcodeFormat: { QR_CODE: number };
}

/**
 * Whether the app's scanner can read this QR code at all: decoded, drawn crisp at 4 px a
 * module, by the ZXing build html5-qrcode ships and runs wherever the browser has no
 * native BarcodeDetector (desktop Linux Chromium, Safari), with the same hints. 4 px is
 * about what the scanner's decode canvas gets from writeQrVideo's frames on a desktop
 * page; on 60 sample codes this agreed with the camera every time (4 of the 60 unread).
 */
export function isReadableByScanner(segments: CredentialQrSegments, expectedText: string): boolean {
  const zxing = createRequire(import.meta.url)('html5-qrcode/third_party/zxing-js.umd.js') as ZxingModule;
  const { modules } = QRCode.create(segments, { errorCorrectionLevel: 'M' });
  const scale = 4;
  const side = (modules.size + 2 * QUIET_ZONE_MODULES) * scale;
  const luma = new Uint8ClampedArray(side * side).fill(255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.data[row * modules.size + column]) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = ((QUIET_ZONE_MODULES + row) * scale + y) * side + (QUIET_ZONE_MODULES + column) * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  const hints = new Map<number, unknown>([
    [zxing.DecodeHintType.POSSIBLE_FORMATS, [zxing.BarcodeFormat.QR_CODE]],
    [zxing.DecodeHintType.TRY_HARDER, false],
  ]);
  try {
    const bitmap = new zxing.BinaryBitmap(new zxing.HybridBinarizer(new zxing.RGBLuminanceSource(luma, side, side)));
    return new zxing.MultiFormatReader(false, hints).decode(bitmap).text === expectedText;
  } catch {
    return false;
  }
}

/** Writes a looping video of the QR code to `file` (its folder is created) and returns the path. */
export async function writeQrVideo(segments: CredentialQrSegments, file: string): Promise<string> {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frameMark = Buffer.from('FRAME\n', 'ascii');
  const luma = lumaPlane(segments);
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2) * 2).fill(NEUTRAL_CHROMA);
  const frames = Array.from({ length: FRAMES }, () => [frameMark, luma, chroma]).flat();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.concat([header, ...frames]));
  return file;
}

/** Chromium flags that make `file` the camera and grant it without a prompt. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

/**
 * A page whose camera plays `video`, in a browser of its own (each fake-camera video needs its
 * own launch), the camera allowed; the browser is closed once `use` is done.
 */
export async function withCameraPage(
  video: string,
  options: BrowserContextOptions,
  use: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, ...fakeCameraArgs(video)],
  });
  try {
    const context = await browser.newContext({ ...options, permissions: ['camera'] });
    await use(await context.newPage(), context);
  } finally {
    await browser.close();
  }
}

/**
 * A registered plate's credential bytes, as an administrator reads them: through a request
 * context of its own, signed in as the administrator and disposed of after.
 */
export async function credentialOf(
  api: APIRequest,
  baseURL: string | undefined,
  plateNumber: string,
): Promise<Uint8Array> {
  const request = await api.newContext({ baseURL });
  try {
    const login = await request.post('/api/auth/login', {
      data: { email: 'admin@nambala.zm', password: 'Admin#2026' },
    });
    if (login.status() !== 200) throw new Error(`administrator sign-in answered ${login.status()}`);
    const response = await request.get(`/api/admin/registry/${encodeURIComponent(plateNumber)}`);
    if (response.status() !== 200)
      throw new Error(`GET /api/admin/registry/${plateNumber} answered ${response.status()}`);
    const { plate } = (await response.json()) as { plate: { credentialUrl: string } };
    const bytes = credentialFromText(plate.credentialUrl);
    if (!bytes) throw new Error(`the credential of ${plateNumber} does not read back`);
    return bytes;
  } finally {
    await request.dispose();
  }
}

/** How many registry keys the device holds (0 before the first sync). */
export function keysOnDevice(page: Page): Promise<number> {
  return rowsInStore(page, 'trustKeys');
}
