// The verdict read at arm's length on a phone in sunlight: a band in the verdict's colour
// with its word (at least 32 px, at least 7:1 against the band), the plate and the vehicle
// next, and what to do now for every verdict but Valid. A Valid verdict resting on an
// out-of-date list on the device is shown in the caution colour, with Refresh now.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OFFICER_INSTRUCTIONS } from '#domain/police/officer-instructions';
import { verdictInstruction } from '#domain/police/roadside-verdict';
import { VerdictPanel } from '../../../src/app/plate-check/verdict-panel';
import { BAND_COLOURS, BAND_WORD_SIZE } from '../../../src/app/plate-check/verdict-panel.styles';
import type { VerificationResult } from '../../../src/app/verdicts/verify';
import { appSystem } from '../../../src/app/theme/system';

const valid: VerificationResult = {
  kind: 'result',
  id: 'check-1',
  plateNumber: 'ZM-123-ABC',
  verdict: 'Valid',
  source: 'credential',
  reason: null,
  vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', year: null },
  registrationDate: '2024-01-15',
  expiryDate: '2029-01-14',
  ownerName: null,
  revocation: null,
  checkedAt: '2026-12-06T12:00:00.000Z',
  computeMs: 0,
  freshness: {
    keysFetchedAt: '2026-12-06T11:00:00.000Z',
    revocationsFetchedAt: '2026-12-06T11:00:00.000Z',
    registryUpdatedAt: null,
    clockSkewMs: 0,
  },
};

const html = (
  outcome: VerificationResult,
  props: { instructions?: typeof OFFICER_INSTRUCTIONS; onRefresh?: () => void } = {},
) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <VerdictPanel outcome={outcome} isChecking={false} {...props} />
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '');

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the verdict band', () => {
  it('writes the word at least 32 px, at least 7:1 against its band, in every colour', () => {
    const system = appSystem();
    const rem = String(system.token(`fontSizes.${BAND_WORD_SIZE}`));
    expect(parseFloat(rem) * 16).toBeGreaterThanOrEqual(32);
    for (const { bg, fg } of Object.values(BAND_COLOURS)) {
      const ratio = contrast(String(system.token(`colors.${bg}`)), String(system.token(`colors.${fg}`)));
      expect(ratio, `${fg} on ${bg}`).toBeGreaterThanOrEqual(7);
    }
  });

  it('leads with the band, then the plate and the registered vehicle', () => {
    const shown = html(valid);
    const band = shown.indexOf('data-testid="verdict-band"');
    const plate = shown.indexOf('data-testid="verdict-plate-number"');
    const vehicle = shown.indexOf('data-testid="registered-vehicle"');
    expect(band).toBeGreaterThan(-1);
    expect(shown).toMatch(/data-testid="verdict-word"[^>]*>Valid</);
    expect(band).toBeLessThan(plate);
    expect(plate).toBeLessThan(vehicle);
    expect(shown).not.toContain('data-testid="verdict-instruction"');
  });

  it('tells the officer what to do now for each verdict but Valid, from the one rule', () => {
    const verdicts = [
      { verdict: 'Stolen', word: 'Stolen' },
      { verdict: 'Revoked', word: 'Revoked' },
      { verdict: 'Not authentic', word: 'Not authentic' },
      { verdict: 'Expired', word: 'Expired' },
      { verdict: 'Not yet issued', word: 'Not issued' },
      { verdict: 'Unknown plate', word: 'Unknown' },
    ] as const;
    for (const { verdict, word } of verdicts) {
      const shown = html({ ...valid, verdict, source: 'registry' }, { instructions: OFFICER_INSTRUCTIONS });
      expect(shown).toMatch(new RegExp(`data-testid="verdict-word"[^>]*>${word}<`));
      const instruction = verdictInstruction(verdict, OFFICER_INSTRUCTIONS)!.replaceAll('’', '’');
      expect(shown).toContain(`data-testid="verdict-instruction">${instruction}</p>`);
    }
  });

  it('tells the public not to buy a stolen vehicle and to call the police on 991', () => {
    const shown = html({ ...valid, verdict: 'Stolen', source: 'registry' });
    expect(shown).toContain('do not buy this vehicle');
    expect(shown).toContain('991');
  });

  it('reads Valid as of the list’s date in the caution colour when the list is days old, with Refresh now', () => {
    const old = { ...valid.freshness, revocationsFetchedAt: '2026-12-03T09:00:00.000Z' };
    const shown = html(
      { ...valid, freshness: old },
      { instructions: OFFICER_INSTRUCTIONS, onRefresh: () => undefined },
    );
    expect(shown).toContain('data-standing="caution"');
    expect(shown).toContain('nb-verdict-bandYellow');
    expect(shown).toContain('Valid as of 3 Dec 2026: this device’s list is 3 days old.');
    expect(shown).toMatch(/<button[^>]*>Refresh now<\/button>/);
    const ancient = { ...valid.freshness, revocationsFetchedAt: '2026-11-20T09:00:00.000Z' };
    expect(html({ ...valid, freshness: ancient })).toContain('Cannot confirm this plate offline');
    expect(html({ ...valid, freshness: { ...valid.freshness, clockSkewMs: 3_600_000 } })).toContain(
      'Cannot confirm this plate offline: this device’s clock is wrong.',
    );
  });
});
