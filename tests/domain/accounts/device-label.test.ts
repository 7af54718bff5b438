import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceLabel } from '../../../src/domain/accounts/device-label';

describe('a session’s device, as its holder reads it', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on Mac',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'Unknown device'],
    ['', 'Unknown device'],
  ])('reads %s as %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });

  it('always names something short, whatever the header holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (agent) => {
        const label = deviceLabel(agent);
        expect(label.length).toBeGreaterThan(0);
        expect(label.length).toBeLessThanOrEqual(40);
      }),
    );
  });
});
