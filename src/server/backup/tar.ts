/**
 * Just enough of the tar format (POSIX ustar, as PGlite writes it) to list an archive's
 * entries and to leave some out, without unpacking it.
 */
const BLOCK = 512;

export interface TarEntry {
  /** The path inside the archive without a leading slash: 'PG_VERSION', 'base/1/112'. */
  name: string;
  isDirectory: boolean;
  size: number;
  /** Where the entry's header starts, and where the next entry's does. */
  start: number;
  end: number;
}

/** Every entry of an archive; throws if the bytes are not a whole tar archive. */
export function tarEntries(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > tar.length) throw new Error('the archive ends before its end marker');
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    if (!hasValidChecksum(header)) throw new Error(`no tar header at byte ${offset}`);
    const size = octal(header, 124, 12);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new Error('the archive is cut short');
    const isUstar = text(header, 257, 5) === 'ustar';
    const prefix = isUstar ? text(header, 345, 155) : '';
    const name = `${prefix}${prefix ? '/' : ''}${text(header, 0, 100)}`.replace(/^(\.?\/)+/, '');
    entries.push({ name, isDirectory: header[156] === 0x35 /* '5' */, size, start: offset, end });
    offset = end;
  }
}

/** The archive less the named entries, as slices of the original bytes (nothing copied). */
export function tarWithout(tar: Uint8Array, names: ReadonlySet<string>): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let kept = 0;
  for (const entry of tarEntries(tar)) {
    if (!names.has(entry.name)) continue;
    parts.push(tar.subarray(kept, entry.start));
    kept = entry.end;
  }
  parts.push(tar.subarray(kept));
  return parts.filter((part) => part.length > 0);
}

function text(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const nul = field.indexOf(0);
  return new TextDecoder().decode(nul === -1 ? field : field.subarray(0, nul));
}

function octal(header: Uint8Array, start: number, length: number): number {
  const digits = text(header, start, length).trim();
  if (!/^[0-7]+$/.test(digits)) throw new Error('a tar header with a bad number');
  return parseInt(digits, 8);
}

/** The header's sum of bytes, its own checksum field counted as spaces, as the field states. */
function hasValidChecksum(header: Uint8Array): boolean {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  try {
    return octal(header, 148, 8) === sum;
  } catch {
    return false;
  }
}
