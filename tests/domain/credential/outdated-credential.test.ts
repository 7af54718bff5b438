import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CredentialFields } from '#domain/credential/credential';
import {
  type HeldEntry,
  judgeOutdatedCredential,
  matchesRegistry,
  REISSUED_NOTICE,
} from '#domain/credential/outdated-credential';
import type { RegistryEntry, TrustedKey } from '#domain/credential/verdict';
import { COROLLA, credentialFieldsArb, revocationList, TODAY } from './credential-test-kit';

const entryOf = (
  fields: CredentialFields,
  keyId: number | undefined,
  status: RegistryEntry['status'] = 'Valid',
): HeldEntry => ({
  plateNumber: fields.plateNumber,
  status,
  make: fields.make,
  model: fields.model,
  colour: fields.colour,
  registrationDate: fields.registrationDate,
  expiryDate: fields.expiryDate,
  ...(keyId === undefined ? {} : { keyId }),
});

const judge = (
  credential: CredentialFields,
  keyStatus: TrustedKey['status'],
  registry: { entry: HeldEntry | undefined } | undefined,
  today = TODAY,
) => judgeOutdatedCredential({ credential, keyStatus, registry, revocations: revocationList(), today });

describe('judgeOutdatedCredential', () => {
  it('reads a revoked key’s QR code of a plate the registry holds as valid as re-issued, with the by-number verdict', () => {
    const judgement = judge(COROLLA, 'revoked', { entry: entryOf(COROLLA, 2) });
    expect(judgement).toMatchObject({
      outcome: 'reissued',
      notice: 'Re-issued: this QR code is out of date. Check the number',
      byNumber: { verdict: 'Valid' },
    });
    expect(REISSUED_NOTICE).toBe('Re-issued: this QR code is out of date. Check the number');
  });

  it('gives the by-number verdict as it stands: stolen, revoked or expired plates say so', () => {
    expect(judge(COROLLA, 'revoked', { entry: entryOf(COROLLA, 2, 'Stolen') })).toMatchObject({
      outcome: 'reissued',
      byNumber: { verdict: 'Stolen' },
    });
    expect(judge(COROLLA, 'revoked', { entry: entryOf(COROLLA, 2) }, '2030-01-01')).toMatchObject({
      outcome: 'reissued',
      byNumber: { verdict: 'Expired' },
    });
  });

  it('says may be forged for a revoked key when the registry has no such plate, holds it not yet issued, or holds other fields', () => {
    expect(judge(COROLLA, 'revoked', { entry: undefined })).toEqual({ outcome: 'may-be-forged' });
    expect(
      judge(COROLLA, 'revoked', {
        entry: {
          ...entryOf(COROLLA, 2),
          status: 'Made',
          make: '',
          model: '',
          colour: '',
          registrationDate: '',
          expiryDate: '',
        },
      }),
    ).toEqual({ outcome: 'may-be-forged' });
    expect(judge(COROLLA, 'revoked', { entry: { ...entryOf(COROLLA, 2), colour: 'Blue' } })).toEqual({
      outcome: 'may-be-forged',
    });
    expect(judge(COROLLA, 'revoked', { entry: { ...entryOf(COROLLA, 2), expiryDate: '2031-03-15' } })).toEqual({
      outcome: 'may-be-forged',
    });
  });

  it('asks for the registry when a revoked key’s code is scanned with nothing known of the plate', () => {
    expect(judge(COROLLA, 'revoked', undefined)).toEqual({ outcome: 'needs-registry' });
  });

  it('reads a retired key’s QR code as re-issued only once the registry’s credential is from another key', () => {
    expect(judge(COROLLA, 'retired', { entry: entryOf(COROLLA, 1) })).toEqual({ outcome: 'current' });
    expect(judge(COROLLA, 'retired', { entry: entryOf(COROLLA, undefined) })).toEqual({ outcome: 'current' });
    expect(judge(COROLLA, 'retired', undefined)).toEqual({ outcome: 'current' });
    expect(judge(COROLLA, 'retired', { entry: entryOf(COROLLA, 2) })).toMatchObject({
      outcome: 'reissued',
      byNumber: { verdict: 'Valid' },
    });
  });

  it('leaves the active key’s codes alone', () => {
    expect(judge(COROLLA, 'active', { entry: undefined })).toEqual({ outcome: 'current' });
  });

  it('never says may be forged for a plate the registry holds with those very fields (any fields, any standing)', () => {
    const statuses = fc.constantFrom<RegistryEntry['status']>('Valid', 'Revoked', 'Stolen');
    fc.assert(
      fc.property(
        credentialFieldsArb(),
        statuses,
        fc.integer({ min: 1, max: 0xffff }),
        (fields, status, currentKey) => {
          const judgement = judge(fields, 'revoked', { entry: entryOf(fields, currentKey, status) });
          return judgement.outcome === 'reissued' && judgement.byNumber.verdict !== 'Unknown plate';
        },
      ),
    );
  });

  it('says may be forged whenever a revoked key signed anything the registry does not hold', () => {
    fc.assert(
      fc.property(credentialFieldsArb(), credentialFieldsArb(), (signed, held) => {
        const judgement = judge(signed, 'revoked', { entry: entryOf({ ...held, plateNumber: signed.plateNumber }, 2) });
        return matchesRegistry(signed, entryOf({ ...held, plateNumber: signed.plateNumber }, 2))
          ? judgement.outcome === 'reissued'
          : judgement.outcome === 'may-be-forged';
      }),
    );
  });
});
