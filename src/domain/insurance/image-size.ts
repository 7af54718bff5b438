// The size an image says it has, read from its header before anything decodes it: a JPEG's
// start-of-frame segment (SOF), a PNG's IHDR chunk. A decoder given a header that declares
// 65,500 × 65,500 pixels would try to allocate 16 GB; reading the two numbers first lets the
// server refuse such a file while it is still bytes. The reader walks the JPEG's segments by
// their declared lengths, each step moving forward, so it ends within the bytes it is given.

export interface ImageSize {
  width: number;
  height: number;
}

/** What the header says: the size; 'incomplete' when the bytes stop before it; 'unreadable' when there is none to read. */
export type DeclaredSize = ImageSize | 'incomplete' | 'unreadable';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Start-of-frame markers: baseline, progressive, lossless and arithmetic-coded frames (not DHT C4, JPG C8, DAC CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers that stand alone, with no length after them: TEM and the restart markers. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

const u16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u32 = (bytes: Uint8Array, at: number) =>
  (((bytes[at] ?? 0) << 24) >>> 0) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);

function jpegSize(bytes: Uint8Array): DeclaredSize {
  let at = 2;
  for (;;) {
    if (at + 2 > bytes.length) return 'incomplete';
    if (bytes[at] !== 0xff) return 'unreadable';
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes: a marker may be preceded by any number of 0xFF.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    // The image data began (or ended) before any frame said its size.
    if (marker === START_OF_SCAN || marker === END_OF_IMAGE) return 'unreadable';
    if (at + 4 > bytes.length) return 'incomplete';
    const length = u16(bytes, at + 2);
    if (length < 2) return 'unreadable';
    if (isStartOfFrame(marker)) {
      // FF Cn, length (2), precision (1), height (2), width (2).
      if (at + 9 > bytes.length) return 'incomplete';
      return { height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
    }
    at += 2 + length;
  }
}

function pngSize(bytes: Uint8Array): DeclaredSize {
  // Signature (8), then the IHDR chunk: length (4), 'IHDR' (4), width (4), height (4).
  if (bytes.length < 24) return 'incomplete';
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return 'unreadable';
  return { width: u32(bytes, 16), height: u32(bytes, 20) };
}

/** The size a JPEG or PNG declares in its header, read without decoding it. */
export function declaredImageSize(bytes: Uint8Array): DeclaredSize {
  if (bytes.length < 2) return 'incomplete';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  const signature = PNG_SIGNATURE.slice(0, Math.min(bytes.length, PNG_SIGNATURE.length));
  if (signature.every((byte, index) => bytes[index] === byte))
    return bytes.length < PNG_SIGNATURE.length ? 'incomplete' : pngSize(bytes);
  return 'unreadable';
}
