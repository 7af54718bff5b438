// The roadside verdict's insurance line: shown for the police tier, from the registry online
// and from the device's copy offline, in the same words; absent for the public tier.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VerdictPanel } from '../../../src/app/plate-check/verdict-panel';
import type { VerificationResult } from '../../../src/app/verdicts/verify';
import { appSystem } from '../../../src/app/theme/system';

const result: VerificationResult = {
  kind: 'result',
  id: 'check-1',
  plateNumber: 'ZM-123-ABC',
  verdict: 'Valid',
  source: 'registry',
  reason: null,
  vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', year: 2019 },
  registrationDate: '2024-03-15',
  expiryDate: '2029-03-15',
  ownerName: 'Mwila Banda',
  revocation: null,
  checkedAt: '2026-11-24T08:00:00.000Z',
  computeMs: 0,
  freshness: { keysFetchedAt: null, revocationsFetchedAt: null, registryUpdatedAt: null, clockSkewMs: null },
};

const textOf = (outcome: VerificationResult) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <VerdictPanel outcome={outcome} isChecking={false} />
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the verdict’s insurance line', () => {
  it('says until when and with whom the plate is insured', () => {
    expect(
      textOf({
        ...result,
        insurance: { insurer: 'Madison General Insurance', policyNumber: 'POL-000001', until: '2027-03-22' },
      }),
    ).toContain('Insured until 22 Mar 2027 (Madison General Insurance)');
  });

  it('says plainly when there is no valid insurance', () => {
    expect(textOf({ ...result, insurance: 'none' })).toContain('No valid insurance');
  });

  it('words a cover from the device’s copy exactly as one from the registry', () => {
    const offline = textOf({
      ...result,
      source: 'device-copy',
      ownerName: null,
      insurance: { insurer: 'Madison General Insurance', until: '2027-03-22' },
    });
    expect(offline).toContain('Insured until 22 Mar 2027 (Madison General Insurance)');
    expect(offline).toContain('registry copy on this device');
    expect(textOf({ ...result, source: 'device-copy', ownerName: null, insurance: 'none' })).toContain(
      'No valid insurance',
    );
  });

  it('says nothing of insurance when the registry did not send it', () => {
    const text = textOf(result);
    expect(text).not.toContain('Insured');
    expect(text).not.toContain('No valid insurance');
  });
});
