import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredImageSize } from '#domain/insurance/image-size';

const sof = (marker: number, width: number, height: number) => [
  0xff,
  marker,
  0x00,
  0x11,
  0x08,
  height >> 8,
  height & 0xff,
  width >> 8,
  width & 0xff,
  0x03,
];
const app0 = [0xff, 0xe0, 0x00, 0x10, ...Array.from({ length: 14 }, () => 0)];

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describe('declaredImageSize', () => {
  it("reads a JPEG's frame header past other segments and fill bytes, whatever the frame's kind", () => {
    expect(declaredImageSize(new Uint8Array([0xff, 0xd8, ...app0, ...sof(0xc0, 1600, 1200)]))).toEqual({
      width: 1600,
      height: 1200,
    });
    expect(declaredImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xff, ...app0, ...sof(0xc2, 65_500, 65_500)]))).toEqual({
      width: 65_500,
      height: 65_500,
    });
    // DHT (C4) is not a frame: its bytes are skipped.
    expect(
      declaredImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x04, 0x01, 0x02, ...sof(0xc1, 10, 20)])),
    ).toEqual({ width: 10, height: 20 });
  });

  it("reads a PNG's IHDR", () => {
    expect(declaredImageSize(png(65_500, 65_500))).toEqual({ width: 65_500, height: 65_500 });
    expect(declaredImageSize(png(4_000_000_000, 1))).toEqual({ width: 4_000_000_000, height: 1 });
  });

  it('says when the bytes stop before the size, and when there is no size to read', () => {
    expect(declaredImageSize(new Uint8Array([0xff, 0xd8, ...app0.slice(0, 6)]))).toBe('incomplete');
    expect(declaredImageSize(png(1, 1).subarray(0, 20))).toBe('incomplete');
    expect(declaredImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBe('unreadable');
    expect(declaredImageSize(new TextEncoder().encode('GIF89a-not-a-photo'))).toBe('unreadable');
    expect(declaredImageSize(new Uint8Array([0xff, 0xd8, 0x00, 0x01]))).toBe('unreadable');
  });

  it('ends on any bytes, without throwing', () => {
    const jpegLike = fc.uint8Array({ maxLength: 400 }).map((rest) => new Uint8Array([0xff, 0xd8, ...rest]));
    fc.assert(
      fc.property(fc.oneof(jpegLike, fc.uint8Array({ maxLength: 400 })), (bytes) => {
        const size = declaredImageSize(bytes);
        expect(
          size === 'incomplete' ||
            size === 'unreadable' ||
            (Number.isInteger(size.width) && Number.isInteger(size.height)),
        ).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
