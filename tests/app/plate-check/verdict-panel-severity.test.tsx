// The roadside verdict reads as serious as it is: stolen and revoked are red alarms with a
// warning sign and words (not colour alone), at least as strong as expired; the heading that
// names the verdict can take focus; and a plate number is never broken across lines.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VerdictPanel } from '../../../src/app/plate-check/verdict-panel';
import type { VerificationResult } from '../../../src/app/verdicts/verify';
import { appSystem } from '../../../src/app/theme/system';

const stolen: VerificationResult = {
  kind: 'result',
  id: 'check-1',
  plateNumber: 'ZM-789-GHI',
  verdict: 'Stolen',
  source: 'registry',
  reason: 'This plate was reported stolen on 2026-10-02.',
  vehicle: { make: 'Honda', model: 'Fit', colour: 'Blue', year: 2015 },
  registrationDate: '2023-06-01',
  expiryDate: '2028-06-01',
  ownerName: null,
  revocation: { plateNumber: 'ZM-789-GHI', status: 'Stolen', at: '2026-10-02T09:00:00.000Z' },
  checkedAt: '2026-11-24T08:00:00.000Z',
  computeMs: 0,
  freshness: { keysFetchedAt: null, revocationsFetchedAt: null, registryUpdatedAt: null, clockSkewMs: null },
};

const html = (outcome: VerificationResult) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <VerdictPanel outcome={outcome} isChecking={false} />
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '');

describe('the roadside verdict’s severity', () => {
  it('shows a stolen plate as a red alarm, like an expired one, named in words', () => {
    const shown = html(stolen);
    expect(shown).toContain('data-tone="alarm"');
    expect(shown).toMatch(/<h3[^>]*tabindex="-1"[^>]*>Reported stolen/);
    expect(shown).toContain('Reported stolen on');
    expect(html({ ...stolen, verdict: 'Revoked', revocation: { ...stolen.revocation!, status: 'Revoked' } })).toContain(
      'data-tone="alarm"',
    );
    expect(html({ ...stolen, verdict: 'Expired', revocation: null })).toContain('data-tone="expired"');
    expect(html({ ...stolen, verdict: 'Unknown plate', revocation: null, vehicle: null })).toContain(
      'data-tone="warning"',
    );
  });

  it('names the plate in the focusable heading, so focus on it announces verdict and plate together', () => {
    expect(html(stolen)).toMatch(/<h3[^>]*>Reported stolen<span[^>]*>: ZM-789-GHI<\/span><\/h3>/);
  });

  it('keeps the plate number on one line, under the heading and inside the explanation', () => {
    const shown = html({
      ...stolen,
      verdict: 'Unknown plate',
      plateNumber: 'ZM-777-VIP',
      reason: 'No registration was found for ZM-777-VIP. Check that the number was entered correctly.',
      revocation: null,
      vehicle: null,
    });
    const whole = shown.match(/<span[^>]*data-plate-number=""[^>]*>ZM-777-VIP<\/span>/g) ?? [];
    expect(whole).toHaveLength(2);
    expect(shown).toContain('No registration was found for <span');
  });
});
