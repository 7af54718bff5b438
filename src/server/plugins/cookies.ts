/**
 * The session cookie, read and written by hand: one cookie, so a dependency (whose
 * current release needs Node 22) is not worth it.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

/** httpOnly (no script can read it), SameSite=Lax (not sent on cross-site posts), Secure over https. */
export function sessionCookie(name: string, value: string, { maxAgeSeconds, secure }: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedCookie(name: string, secure: boolean): string {
  return sessionCookie(name, '', { maxAgeSeconds: 0, secure });
}
