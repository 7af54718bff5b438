/** A re-issued plate: its older QR codes read Revoked (replaced), the newer one stays Valid; typed lookups ignore the entry. */
import { describe, expect, it } from 'vitest';
import { signCredential } from '#domain/credential/credential';
import { verdictExplanation } from '#domain/credential/presentation';
import { type Revocation, revokesCredential, verdictFromRegistry, verifyCredential } from '#domain/credential/verdict';
import { COROLLA, DEVICE, revocationList, SEED_1, TODAY } from './credential-test-kit';

// Registered 2024-03-15, transferred on 2026-11-20: the new credential is dated that day.
const old = signCredential(COROLLA, SEED_1);
const reissued = { ...COROLLA, registrationDate: '2026-11-20' };
const fresh = signCredential(reissued, SEED_1);
const superseded: Revocation = {
  plateNumber: 'ZM-123-ABC',
  status: 'Revoked',
  at: '2026-11-20T09:15:00.000Z',
  supersededBefore: '2026-11-20',
};
const device = { ...DEVICE, revocations: revocationList(superseded) };

describe('a supersession entry on the revocation list', () => {
  it('revokes the credential registered before the re-issue, saying it was replaced', () => {
    const verdict = verifyCredential(old, device);
    expect(verdict).toEqual({ verdict: 'Revoked', credential: COROLLA, revocation: superseded });
    expect(verdictExplanation(verdict)).toBe(
      "This QR code was replaced by a newer one on 2026-11-20: the plate's registration was re-issued.",
    );
  });

  it('leaves the re-issued credential Valid', () => {
    expect(verifyCredential(fresh, device)).toEqual({ verdict: 'Valid', credential: reissued });
  });

  it('still lets the re-issued credential expire', () => {
    const shortLived = { ...reissued, expiryDate: '2026-11-21' };
    expect(verifyCredential(signCredential(shortLived, SEED_1), { ...device, today: '2026-11-22' })).toEqual({
      verdict: 'Expired',
      credential: shortLived,
    });
  });

  it('does not touch another plate on the list, nor a plain revocation', () => {
    const other = signCredential({ ...COROLLA, plateNumber: 'ZM-999-XYZ' }, SEED_1);
    const stolenOther: Revocation = { plateNumber: 'ZM-999-XYZ', status: 'Stolen', at: '2026-10-01T08:30:00.000Z' };
    const both = { ...DEVICE, revocations: revocationList(superseded, stolenOther) };
    expect(verifyCredential(other, both)).toMatchObject({ verdict: 'Stolen', revocation: stolenOther });
    expect(verifyCredential(fresh, both)).toMatchObject({ verdict: 'Valid' });
    expect(verifyCredential(signCredential({ ...COROLLA, plateNumber: 'ZM-555-AAA' }, SEED_1), both)).toMatchObject({
      verdict: 'Valid',
    });
  });

  it('covers exactly the credentials registered before its date', () => {
    expect(revokesCredential(superseded, '2026-11-19')).toBe(true);
    expect(revokesCredential(superseded, '2026-11-20')).toBe(false);
    expect(revokesCredential(superseded, '2026-11-21')).toBe(false);
    const { supersededBefore: _dropped, ...plain } = superseded;
    expect(revokesCredential(plain, '2030-01-01')).toBe(true);
  });

  it('is ignored by a typed lookup: the registry entry is the current registration', () => {
    const entry = {
      plateNumber: 'ZM-123-ABC',
      status: 'Valid' as const,
      registrationDate: '2026-11-20',
      expiryDate: '2029-03-15',
      make: 'Toyota',
      model: 'Corolla',
      colour: 'Silver',
    };
    expect(verdictFromRegistry('ZM-123-ABC', entry, device.revocations, TODAY)).toEqual({ verdict: 'Valid', entry });
    expect(verdictFromRegistry('ZM-123-ABC', undefined, device.revocations, TODAY)).toEqual({
      verdict: 'Unknown plate',
      plateNumber: 'ZM-123-ABC',
    });
  });
});
