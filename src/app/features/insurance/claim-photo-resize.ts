/**
 * A claim photo made ready on the device: decoded (turned upright as the camera meant it),
 * drawn at most 1600 px on its long side, encoded as JPEG at a quality stepped down until
 * it is at most 1 MB, and fingerprinted (SHA-256, which is also its name on the server).
 * Done here, not on the server, because the network at the scene is the scarce thing.
 */
import {
  fitWithin,
  JPEG_QUALITIES,
  MAX_PHOTO_BYTES,
  nextEncoding,
  PHOTO_CONTENT_TYPE,
} from '#domain/insurance/claim-steps';

export interface PreparedPhoto {
  blob: Blob;
  sha256: string;
  width: number;
  height: number;
}

export class PhotoNotReadable extends Error {
  constructor() {
    super('This file could not be read as a photo. Take the photo again, or choose a JPEG, PNG or WebP image.');
    this.name = 'PhotoNotReadable';
  }
}

/** The file's bytes as hex SHA-256. */
export async function sha256Of(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Surface = {
  draw(image: ImageBitmap, width: number, height: number): void;
  encode(quality: number): Promise<Blob>;
};

/** An OffscreenCanvas where there is one (no layout work), else a detached canvas element. */
function surface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoNotReadable();
    return {
      draw(image, w, h) {
        canvas.width = w;
        canvas.height = h;
        context.drawImage(image, 0, 0, w, h);
      },
      encode: (quality) => canvas.convertToBlob({ type: PHOTO_CONTENT_TYPE, quality }),
    };
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoNotReadable();
  return {
    draw(image, w, h) {
      canvas.width = w;
      canvas.height = h;
      context.drawImage(image, 0, 0, w, h);
    },
    encode: (quality) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new PhotoNotReadable())), PHOTO_CONTENT_TYPE, quality),
      ),
  };
}

export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoNotReadable();
  }
  try {
    let encoding = { ...fitWithin(image.width, image.height), quality: JPEG_QUALITIES[0] as number };
    const canvas = surface(encoding.width, encoding.height);
    let drawn = { width: 0, height: 0 };
    for (;;) {
      // A lower quality alone needs no new drawing.
      if (drawn.width !== encoding.width || drawn.height !== encoding.height) {
        canvas.draw(image, encoding.width, encoding.height);
        drawn = { width: encoding.width, height: encoding.height };
      }
      const blob = await canvas.encode(encoding.quality);
      if (blob.size <= MAX_PHOTO_BYTES)
        return { blob, sha256: await sha256Of(blob), width: encoding.width, height: encoding.height };
      encoding = nextEncoding(encoding);
    }
  } finally {
    image.close();
  }
}
