// A small PNG reader for the QR tests: 8-bit greyscale, RGB or RGBA, not interlaced (what
// qrcode writes), to RGBA pixels for jsQR. Chunks are read by hand and the pixels inflated
// with node:zlib, then each row's filter (PNG spec section 9) is undone.
import { inflateSync } from 'node:zlib';
import type { RgbaImage } from './pdf-reading';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export function decodePng(png: Uint8Array): RgbaImage {
  if (!SIGNATURE.every((byte, i) => png[i] === byte)) throw new Error('not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Uint8Array[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colourType, , , interlace] = body.subarray(8, 13);
      channels = CHANNELS[colourType ?? -1] ?? 0;
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter ?? -1];
      if (predictor === undefined) throw new Error(`unknown PNG filter ${filter}`);
      pixels[y * stride + x] = ((row[x] ?? 0) + predictor) & 0xff;
    }
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const source = i * channels;
    const grey = channels === 1;
    rgba[i * 4] = pixels[source] ?? 0;
    rgba[i * 4 + 1] = pixels[grey ? source : source + 1] ?? 0;
    rgba[i * 4 + 2] = pixels[grey ? source : source + 2] ?? 0;
    rgba[i * 4 + 3] = channels === 4 ? (pixels[source + 3] ?? 0) : 255;
  }
  return { width, height, data: rgba };
}
