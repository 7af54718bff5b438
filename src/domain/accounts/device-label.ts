// A session's device as its account holder reads it in Settings ("Chrome on Android"), from the
// browser's user agent: the browser and the system, or "Unknown device" when neither is known.

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'Mac'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: ReadonlyArray<[RegExp, string]>, text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

export function deviceLabel(userAgent: string | undefined | null): string {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
