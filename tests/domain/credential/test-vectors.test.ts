// The four test vectors published in docs/credential.md. The hex and digit strings are
// written out here and must also appear verbatim in the document, so neither the code nor
// the document can change without the other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signCredential } from '#domain/credential/credential';
import { bytesToDigits } from '#domain/credential/numeric';
import { credentialFromText, credentialUrl } from '#domain/credential/qr-url';
import { verifyCredential } from '#domain/credential/verdict';
import { COROLLA, DEVICE, fromHex, hex, PUBLIC_KEY_1, PUBLIC_KEY_9, SEED_1, SEED_9 } from './credential-test-kit';

const VALID_HEX =
  '0100014d5554770a5a4d2d3132332d41424306546f796f746107436f726f6c6c610653696c76657275dcb2d49fccf1adf665c45304590621ca41dd5767a4d7c52c84538548be939afb99b72dbfbeade0cf21c9bd17ccc42bb5a65207a5e000ad1989c25123798300';
const VALID_DIGITS =
  '0028148056911576702914037284287027127381268001147993418101781674481532210658810463827296741283185597085033632865777611828644833482049057569303642055405675549951726054828641547226982854079536714266344022370669906738332629002152706339576201213653743305472';
const TAMPERED_HEX =
  '0100014d5554770a5a4d2d3132332d41424306546f796f746107436f726f6c6c610673696c76657275dcb2d49fccf1adf665c45304590621ca41dd5767a4d7c52c84538548be939afb99b72dbfbeade0cf21c9bd17ccc42bb5a65207a5e000ad1989c25123798300';
const TAMPERED_DIGITS =
  '0028148056911576702914037284287027127381268001147993418101781674481532210658810463859296741283185597085033632865777611828644833482049057569303642055405675549951726054828641547226982854079536714266344022370669906738332629002152706339576201213653743305472';
const EXPIRED_HEX =
  '01000145f24d140a5a4d2d3132332d41424306546f796f746107436f726f6c6c610653696c766572d95e4a0ba689fbbec75a57eb2bc0a8df8ae4d82f69871a41ab960ea0f47666efbcecf6a0b03f45f130d8a3ea0950c7b3445a69296150aeaaa7a5922776962000';
const EXPIRED_DIGITS =
  '0028148044518530002914037284287027127381268001147993418101781674481532210658810463827296741283185851822084195818404218325429415466936543390951639455844101848453446506610228974042332962992178098257417103140262209342671114511647473200834469160698190929920';
const UNKNOWN_KEY_HEX =
  '0100094d5554770a5a4d2d3132332d41424306546f796f746107436f726f6c6c610653696c7665727e7046d9c9602719abe6604193f6356fa33992007013792d2cc6d3f97426ae846962d2631b755e0b02977efda07d0ffa151a4e592990c3ecff47f516425d9a04';
const UNKNOWN_KEY_DIGITS =
  '0028151492885413502914037284287027127381268001147993418101781674481532210658810463827296741283185619041994270729457501964845079414977903459437204391903931271560642346704649122234112041755330359736562808294517350384737339025096974666366791269475951516164';

const PUBLIC_KEY_1_HEX = '79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664';
const PUBLIC_KEY_9_HEX = 'e7f162a10bec559afea195e4dce84b69568d5d2cb0963eb446c0685e2b17f2f0';

const EXPIRED_FIELDS = { ...COROLLA, registrationDate: '2019-01-10', expiryDate: '2024-01-10' };

/** Byte 34 is the first byte of the colour: 'S' (53) becomes 's' (73). */
const COLOUR_FIRST_BYTE = 34;

describe('test vectors', () => {
  it('uses the published keys', () => {
    expect(hex(SEED_1)).toBe('0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20');
    expect(hex(SEED_9)).toBe('2122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f40');
    expect(hex(PUBLIC_KEY_1)).toBe(PUBLIC_KEY_1_HEX);
    expect(hex(PUBLIC_KEY_9)).toBe(PUBLIC_KEY_9_HEX);
  });

  it('valid: the Corolla signed by key 1 is Valid on 2026-11-22', () => {
    const credential = signCredential(COROLLA, SEED_1);
    expect(hex(credential)).toBe(VALID_HEX);
    expect(bytesToDigits(credential)).toBe(VALID_DIGITS);
    expect(verifyCredential(credential, DEVICE)).toEqual({ verdict: 'Valid', credential: COROLLA });
  });

  it('tampered: the valid vector with one colour byte changed is Not authentic (bad-signature)', () => {
    const credential = fromHex(VALID_HEX);
    credential[COLOUR_FIRST_BYTE] = 0x73;
    expect(hex(credential)).toBe(TAMPERED_HEX);
    expect(bytesToDigits(credential)).toBe(TAMPERED_DIGITS);
    expect(verifyCredential(credential, DEVICE)).toEqual({
      verdict: 'Not authentic',
      reason: 'bad-signature',
      keyId: 1,
    });
  });

  it('expired: registered 2019-01-10, expired 2024-01-10, judged on 2026-11-22 is Expired', () => {
    const credential = signCredential(EXPIRED_FIELDS, SEED_1);
    expect(hex(credential)).toBe(EXPIRED_HEX);
    expect(bytesToDigits(credential)).toBe(EXPIRED_DIGITS);
    expect(verifyCredential(credential, DEVICE)).toEqual({ verdict: 'Expired', credential: EXPIRED_FIELDS });
  });

  it('unknown key: signed by key 9, checked by a device that trusts only key 1, is Not authentic (unknown-key)', () => {
    const credential = signCredential({ ...COROLLA, keyId: 9 }, SEED_9);
    expect(hex(credential)).toBe(UNKNOWN_KEY_HEX);
    expect(bytesToDigits(credential)).toBe(UNKNOWN_KEY_DIGITS);
    expect(verifyCredential(credential, DEVICE)).toEqual({ verdict: 'Not authentic', reason: 'unknown-key', keyId: 9 });
  });

  it('reads each vector back from its URL', () => {
    for (const vector of [VALID_HEX, TAMPERED_HEX, EXPIRED_HEX, UNKNOWN_KEY_HEX]) {
      expect(credentialFromText(credentialUrl('https://nambala.gov.zm', fromHex(vector)))).toEqual(fromHex(vector));
    }
  });

  it('are printed verbatim in docs/credential.md', () => {
    const doc = readFileSync(new URL('../../../docs/credential.md', import.meta.url), 'utf8');
    const published = [
      VALID_HEX,
      VALID_DIGITS,
      TAMPERED_HEX,
      TAMPERED_DIGITS,
      EXPIRED_HEX,
      EXPIRED_DIGITS,
      UNKNOWN_KEY_HEX,
      UNKNOWN_KEY_DIGITS,
      PUBLIC_KEY_1_HEX,
      PUBLIC_KEY_9_HEX,
      hex(SEED_1),
      hex(SEED_9),
    ];
    for (const text of published) expect(doc, text.slice(0, 24)).toContain(text);
  });
});
