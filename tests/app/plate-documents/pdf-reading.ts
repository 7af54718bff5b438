// Reads back what a PDF made by pdf-lib holds, for the certificate tests: the text each page
// shows and the images it embeds, as pixels. No PDF renderer is needed: pdf-lib writes text
// with the standard fonts as hex strings shown by Tj, and a PNG it embeds becomes a
// Flate-compressed stream of 8-bit RGB samples.
import { decodePDFRawStream, PDFArray, type PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';

export interface RgbaImage {
  width: number;
  height: number;
  /** 4 bytes a pixel, as jsQR and ImageData take them. */
  data: Uint8ClampedArray;
}

export interface EmbeddedImage extends RgbaImage {
  /** Whether the image carries a transparency mask (a QR code on paper must not). */
  hasSoftMask: boolean;
}

// Windows-1252 (the standard fonts' WinAnsiEncoding) differs from Latin-1 only in 0x80–0x9F.
// Written out because Node's TextDecoder('windows-1252') decodes those bytes as Latin-1.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function windows1252(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] ?? '') : String.fromCharCode(byte),
  ).join('');
}

function streamBytes(stream: PDFRawStream): Uint8Array {
  return decodePDFRawStream(stream).decode();
}

/** The strings the first page shows, in drawing order (one per drawText line). */
export function pageTexts(pdf: PDFDocument, pageIndex = 0): string[] {
  const contents = pdf.getPage(pageIndex).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let operators = '';
  for (const item of refs) {
    const stream = item instanceof PDFRef ? pdf.context.lookup(item) : item;
    if (stream instanceof PDFRawStream) operators += Buffer.from(streamBytes(stream)).toString('latin1');
  }
  return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
    windows1252(Buffer.from(match[1] ?? '', 'hex')),
  );
}

function numberIn(stream: PDFRawStream, key: string): number {
  const value = stream.dict.lookup(PDFName.of(key));
  if (!(value instanceof PDFNumber)) throw new Error(`image has no /${key}`);
  return value.asNumber();
}

/** Every image XObject of the file that is not itself a soft mask, as RGBA pixels. */
export function embeddedImages(pdf: PDFDocument): EmbeddedImage[] {
  const images: EmbeddedImage[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const colourSpace = object.dict.get(PDFName.of('ColorSpace'));
    if (colourSpace !== PDFName.of('DeviceRGB')) continue; // soft masks are DeviceGray
    if (numberIn(object, 'BitsPerComponent') !== 8) throw new Error('expected 8 bits per component');
    const width = numberIn(object, 'Width');
    const height = numberIn(object, 'Height');
    const rgb = streamBytes(object);
    if (rgb.length !== width * height * 3)
      throw new Error(`expected ${width * height * 3} RGB bytes, got ${rgb.length}`);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      data[pixel * 4] = rgb[pixel * 3] ?? 0;
      data[pixel * 4 + 1] = rgb[pixel * 3 + 1] ?? 0;
      data[pixel * 4 + 2] = rgb[pixel * 3 + 2] ?? 0;
      data[pixel * 4 + 3] = 255;
    }
    images.push({ width, height, data, hasSoftMask: object.dict.get(PDFName.of('SMask')) !== undefined });
  }
  return images;
}
