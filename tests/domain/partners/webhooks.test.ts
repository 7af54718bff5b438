/** Webhook rules: backoff for a day, the signature header, the replay window, where deliveries may go. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_WINDOW_MS,
  isFreshSignature,
  nextAttemptAt,
  parseSignatureHeader,
  signatureHeader,
  webhookUrlProblem,
} from '#domain/partners/webhooks';

const t0 = new Date('2026-12-06T08:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('webhook rules', () => {
  it('waits longer after each failure, and gives up once the next try would fall beyond a day', () => {
    expect(nextAttemptAt(t0, 1, t0)).toEqual(at(60_000));
    expect(nextAttemptAt(t0, 2, at(60_000))).toEqual(at(6 * 60_000));
    expect(nextAttemptAt(t0, 9, at(20 * 3600_000))).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: DELIVERY_WINDOW_MS }),
        (attempts, since) => {
          const next = nextAttemptAt(t0, attempts, at(since));
          if (next === null) return;
          expect(next.getTime()).toBeGreaterThan(at(since).getTime());
          expect(next.getTime() - t0.getTime()).toBeLessThanOrEqual(DELIVERY_WINDOW_MS);
        },
      ),
    );
  });

  it('reads back the header it writes, and nothing else', () => {
    const hex = 'ab'.repeat(32);
    expect(parseSignatureHeader(signatureHeader(1765000000, hex))).toEqual({ timestamp: 1765000000, signature: hex });
    expect(parseSignatureHeader(undefined)).toBeNull();
    expect(parseSignatureHeader(`t=abc,v1=${hex}`)).toBeNull();
    expect(parseSignatureHeader('t=1,v1=short')).toBeNull();
  });

  it('accepts a signature up to five minutes old (or ahead), refuses an older one as a replay', () => {
    const seconds = t0.getTime() / 1000;
    expect(isFreshSignature(seconds - 300, t0)).toBe(true);
    expect(isFreshSignature(seconds - 301, t0)).toBe(false);
    expect(isFreshSignature(seconds + 300, t0)).toBe(true);
    expect(isFreshSignature(seconds + 301, t0)).toBe(false);
  });

  it('sends only to https, or plain http on this machine', () => {
    expect(webhookUrlProblem('https://insurer.example/hooks')).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9000/hooks')).toBeNull();
    expect(webhookUrlProblem('http://insurer.example/hooks')).toMatch(/https/);
    expect(webhookUrlProblem('https://user:pass@insurer.example/')).toMatch(/user name/);
    expect(webhookUrlProblem('not an address')).toMatch(/full address/);
  });
});
