import { describe, expect, it } from 'vitest';
import { type CredentialFields, signCredential } from '#domain/credential/credential';
import { verdictExplanation, verdictHeadline, verdictTone } from '#domain/credential/presentation';
import {
  type CredentialVerdict,
  type RegistryEntry,
  type RegistryVerdict,
  type Revocation,
  verdictFromRegistry,
  verifyCredential,
} from '#domain/credential/verdict';
import {
  COROLLA,
  DEVICE,
  KEY_1,
  keyring,
  PUBLIC_KEY_9,
  revocationList,
  SEED_1,
  SEED_9,
  TODAY,
} from './credential-test-kit';

const corolla = signCredential(COROLLA, SEED_1);
const stolen: Revocation = { plateNumber: 'ZM-123-ABC', status: 'Stolen', at: '2026-10-01T08:30:00.000Z' };
const revoked: Revocation = { plateNumber: 'ZM-123-ABC', status: 'Revoked', at: '2026-09-12T14:00:00.000Z' };

describe('verifyCredential', () => {
  it('is Valid for a genuine, current credential', () => {
    expect(verifyCredential(corolla, DEVICE)).toEqual({ verdict: 'Valid', credential: COROLLA });
  });

  it('is Not authentic for bytes that are not a credential', () => {
    expect(verifyCredential(new Uint8Array([1, 2, 3]), DEVICE)).toEqual({
      verdict: 'Not authentic',
      reason: 'malformed',
    });
  });

  it('is Not authentic for a key id the device does not know, and says which', () => {
    const byKey9 = signCredential({ ...COROLLA, keyId: 9 }, SEED_9);
    expect(verifyCredential(byKey9, DEVICE)).toEqual({ verdict: 'Not authentic', reason: 'unknown-key', keyId: 9 });
  });

  it('is Not authentic when the key is known but revoked, even though the signature is good, and gives the fields for the registry to judge', () => {
    const device = { ...DEVICE, keys: keyring({ ...KEY_1, status: 'revoked' }) };
    expect(verifyCredential(corolla, device)).toEqual({
      verdict: 'Not authentic',
      reason: 'key-revoked',
      keyId: 1,
      credential: COROLLA,
    });
  });

  it('checks the signature before the revocation of its key: a forgery naming a revoked key is a bad signature, with no fields', () => {
    const device = { ...DEVICE, keys: keyring({ ...KEY_1, status: 'revoked' }) };
    expect(verifyCredential(signCredential(COROLLA, SEED_9), device)).toEqual({
      verdict: 'Not authentic',
      reason: 'bad-signature',
      keyId: 1,
    });
  });

  it('still verifies credentials signed by a retired key', () => {
    const device = { ...DEVICE, keys: keyring({ ...KEY_1, status: 'retired' }) };
    expect(verifyCredential(corolla, device)).toEqual({ verdict: 'Valid', credential: COROLLA });
  });

  it('is Not authentic when the key id names a different key than the one that signed', () => {
    // Key 9 signed, but the credential claims key 1: the device checks against key 1's public key.
    const forged = signCredential(COROLLA, SEED_9);
    expect(verifyCredential(forged, DEVICE)).toEqual({ verdict: 'Not authentic', reason: 'bad-signature', keyId: 1 });
  });

  it('is Not authentic, not a crash, when the trusted key entry is not a valid public key', () => {
    const device = { ...DEVICE, keys: keyring({ ...KEY_1, publicKey: new Uint8Array(31) }) };
    expect(verifyCredential(corolla, device)).toEqual({ verdict: 'Not authentic', reason: 'bad-signature', keyId: 1 });
  });

  it('trusts several keys at once, each by its id', () => {
    const byKey9 = signCredential({ ...COROLLA, keyId: 9 }, SEED_9);
    const device = { ...DEVICE, keys: keyring(KEY_1, { keyId: 9, publicKey: PUBLIC_KEY_9, status: 'active' }) };
    expect(verifyCredential(byKey9, device).verdict).toBe('Valid');
    expect(verifyCredential(corolla, device).verdict).toBe('Valid');
  });

  it('is Valid on the expiry day itself and Expired the day after', () => {
    expect(verifyCredential(corolla, { ...DEVICE, today: '2029-03-15' }).verdict).toBe('Valid');
    expect(verifyCredential(corolla, { ...DEVICE, today: '2029-03-16' })).toEqual({
      verdict: 'Expired',
      credential: COROLLA,
    });
  });

  it('reports a plate on the revocation list as Stolen or Revoked, with the entry', () => {
    expect(verifyCredential(corolla, { ...DEVICE, revocations: revocationList(stolen) })).toEqual({
      verdict: 'Stolen',
      credential: COROLLA,
      revocation: stolen,
    });
    expect(verifyCredential(corolla, { ...DEVICE, revocations: revocationList(revoked) })).toEqual({
      verdict: 'Revoked',
      credential: COROLLA,
      revocation: revoked,
    });
  });

  it('puts the revocation list before expiry: an expired stolen plate is Stolen', () => {
    expect(
      verifyCredential(corolla, { ...DEVICE, today: '2030-01-01', revocations: revocationList(stolen) }).verdict,
    ).toBe('Stolen');
  });

  it('checks the signature before the revocation list, so a forged QR code cannot make a plate look stolen', () => {
    const forged = signCredential(COROLLA, SEED_9);
    expect(verifyCredential(forged, { ...DEVICE, revocations: revocationList(stolen) }).verdict).toBe('Not authentic');
  });

  it('ignores revocations of other plates', () => {
    expect(
      verifyCredential(corolla, { ...DEVICE, revocations: revocationList({ ...stolen, plateNumber: 'ZM-123-ABD' }) })
        .verdict,
    ).toBe('Valid');
  });

  it('refuses to judge by a malformed date', () => {
    expect(() => verifyCredential(corolla, { ...DEVICE, today: '22/11/2026' })).toThrow(RangeError);
  });
});

describe('verdictFromRegistry', () => {
  const entry: RegistryEntry = {
    plateNumber: 'ZM-123-ABC',
    status: 'Valid',
    registrationDate: '2024-03-15',
    expiryDate: '2029-03-15',
    make: 'Toyota',
    model: 'Corolla',
    colour: 'Silver',
  };
  const none = revocationList();

  it('is Unknown plate when the registry has no entry', () => {
    expect(verdictFromRegistry('ZM-999-ZZZ', undefined, none, TODAY)).toEqual({
      verdict: 'Unknown plate',
      plateNumber: 'ZM-999-ZZZ',
    });
  });

  it('passes on a revocation even for a plate it has no entry for', () => {
    expect(verdictFromRegistry('ZM-123-ABC', undefined, revocationList(stolen), TODAY)).toEqual({
      verdict: 'Unknown plate',
      plateNumber: 'ZM-123-ABC',
      revocation: stolen,
    });
  });

  it('is Valid for a Valid entry up to and including its expiry date', () => {
    expect(verdictFromRegistry('ZM-123-ABC', entry, none, TODAY)).toEqual({ verdict: 'Valid', entry });
    expect(verdictFromRegistry('ZM-123-ABC', entry, none, '2029-03-15').verdict).toBe('Valid');
  });

  it('is Expired for a Valid entry past its expiry date', () => {
    expect(verdictFromRegistry('ZM-123-ABC', entry, none, '2029-03-16')).toEqual({ verdict: 'Expired', entry });
  });

  it('keeps the status the entry already has', () => {
    for (const status of ['Expired', 'Revoked', 'Stolen'] as const) {
      expect(verdictFromRegistry('ZM-123-ABC', { ...entry, status }, none, TODAY).verdict).toBe(status);
    }
  });

  it('lets the revocation list win over the entry, which may be older', () => {
    expect(verdictFromRegistry('ZM-123-ABC', entry, revocationList(stolen), TODAY)).toEqual({
      verdict: 'Stolen',
      entry,
      revocation: stolen,
    });
    expect(
      verdictFromRegistry('ZM-123-ABC', { ...entry, status: 'Stolen' }, revocationList(revoked), TODAY).verdict,
    ).toBe('Revoked');
    expect(verdictFromRegistry('ZM-123-ABC', entry, revocationList(revoked), '2030-01-01').verdict).toBe('Revoked');
  });

  it('looks the plate number up in its normal form', () => {
    expect(verdictFromRegistry(' zm-123-abc ', entry, revocationList(stolen), TODAY).verdict).toBe('Stolen');
  });
});

describe('presentation', () => {
  const everyVerdict: (CredentialVerdict | RegistryVerdict)[] = [
    { verdict: 'Valid', credential: COROLLA },
    { verdict: 'Expired', credential: COROLLA },
    { verdict: 'Revoked', credential: COROLLA, revocation: revoked },
    { verdict: 'Stolen', credential: COROLLA, revocation: stolen },
    { verdict: 'Not authentic', reason: 'malformed' },
    { verdict: 'Unknown plate', plateNumber: 'ZM-999-ZZZ' },
  ];

  it('shows Valid green, Expired red, Stolen and Revoked as alarms at least as strong as Expired, and the rest as a yellow warning', () => {
    expect(everyVerdict.map((v) => verdictTone(v))).toEqual([
      'valid',
      'expired',
      'alarm',
      'alarm',
      'warning',
      'warning',
    ]);
    expect(verdictTone('Valid')).toBe('valid');
    expect(verdictTone('Stolen')).toBe('alarm');
    expect(verdictTone('Revoked')).toBe('alarm');
    expect(verdictTone('Not yet issued')).toBe('warning');
  });

  it('gives each verdict a short headline', () => {
    expect(everyVerdict.map((v) => verdictHeadline(v))).toEqual([
      'Valid registration',
      'Registration expired',
      'Plate revoked',
      'Reported stolen',
      'Not authentic',
      'Unknown plate',
    ]);
  });

  it('explains each Not authentic reason in plain words', () => {
    const explain = (reason: 'malformed' | 'unknown-key' | 'key-revoked' | 'bad-signature') =>
      verdictExplanation({ verdict: 'Not authentic', reason });
    expect(explain('bad-signature')).toBe('The QR code was not signed by the registry: the plate may be forged.');
    expect(explain('malformed')).toMatch(/not a Nambala plate QR code/);
    expect(explain('unknown-key')).toMatch(/key this device does not know/);
    expect(explain('key-revoked')).toMatch(/withdrawn/);
  });

  it('says when a registration expired and when a plate was reported stolen or revoked', () => {
    const fields: CredentialFields = COROLLA;
    expect(verdictExplanation({ verdict: 'Expired', credential: fields })).toBe(
      'The registration expired on 2029-03-15.',
    );
    expect(verdictExplanation({ verdict: 'Stolen', credential: fields, revocation: stolen })).toBe(
      'This plate was reported stolen on 2026-10-01.',
    );
    expect(verdictExplanation({ verdict: 'Revoked', credential: fields, revocation: revoked })).toBe(
      'The registry revoked this plate on 2026-09-12.',
    );
    expect(verdictExplanation({ verdict: 'Unknown plate', plateNumber: 'ZM-999-ZZZ' })).toMatch(
      /No registration was found for ZM-999-ZZZ/,
    );
    expect(verdictExplanation({ verdict: 'Unknown plate', plateNumber: 'ZM-123-ABC', revocation: stolen })).toMatch(
      /list of stolen plates/,
    );
  });
});
