import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { MAX_CREDENTIAL_BYTES, signCredential } from '#domain/credential/credential';
import { bytesToDigits } from '#domain/credential/numeric';
import { credentialFromText, credentialQrSegments, credentialUrl } from '#domain/credential/qr-url';
import { COROLLA, LONGEST, SEED_1 } from './credential-test-kit';

const corolla = signCredential(COROLLA, SEED_1);
const longest = signCredential(LONGEST, SEED_1);
const digits = bytesToDigits(corolla);

describe('credentialUrl', () => {
  it('puts the digits in the fragment of /v', () => {
    expect(credentialUrl('https://nambala.gov.zm', corolla)).toBe(`https://nambala.gov.zm/v#${digits}`);
  });

  it('does not double a trailing slash of the origin', () => {
    expect(credentialUrl('http://localhost:8080/', corolla)).toBe(`http://localhost:8080/v#${digits}`);
  });
});

describe('credentialQrSegments', () => {
  it('puts the URL prefix in a byte segment and the digits in a numeric segment', () => {
    const [prefix, numeric] = credentialQrSegments('https://nambala.gov.zm', corolla);
    expect(prefix.mode).toBe('byte');
    expect(new TextDecoder().decode(prefix.data)).toBe('https://nambala.gov.zm/v#');
    expect(numeric).toEqual({ mode: 'numeric', data: digits });
  });

  describe.each(['https://nambala.gov.zm', 'http://localhost:8080'])('for the longest credential at %s', (origin) => {
    const qr = QRCode.create(credentialQrSegments(origin, longest), { errorCorrectionLevel: 'M' });

    it('is the longest possible credential', () => {
      expect(longest.length).toBe(MAX_CREDENTIAL_BYTES);
    });

    it('fits a version 10 QR code or smaller at error correction M (measured: version 9)', () => {
      expect(qr.version).toBeLessThanOrEqual(10);
      expect(qr.version).toBe(9);
      // The reported level is M (bit pattern 00), so the version above is the one for M.
      expect(qr.errorCorrectionLevel).toEqual(QRCode.create('x', { errorCorrectionLevel: 'M' }).errorCorrectionLevel);
      expect(qr.errorCorrectionLevel.bit).toBe(0);
      expect(qr.segments.map((segment) => segment.mode.id)).toEqual(['Byte', 'Numeric']);
    });

    it('needs a larger code when the credential is sent as base64url text instead of digits', () => {
      const base64 = QRCode.create(
        [{ mode: 'byte', data: new TextEncoder().encode(`${origin}/v#${Buffer.from(longest).toString('base64url')}`) }],
        { errorCorrectionLevel: 'M' },
      );
      expect(base64.version).toBeGreaterThan(qr.version);
    });
  });
});

describe('credentialFromText', () => {
  it('reads the URL form from any origin', () => {
    expect(credentialFromText(credentialUrl('https://nambala.gov.zm', corolla))).toEqual(corolla);
    expect(credentialFromText(`http://localhost:8080/v#${digits}`)).toEqual(corolla);
    expect(credentialFromText(`https://mirror.example.org/v?utm=qr#${digits}`)).toEqual(corolla);
  });

  it('reads bare digits', () => {
    expect(credentialFromText(digits)).toEqual(corolla);
  });

  it('ignores surrounding whitespace, as scanners and pastes add it', () => {
    expect(credentialFromText(`  ${digits}\n`)).toEqual(corolla);
    expect(credentialFromText(`\thttps://nambala.gov.zm/v#${digits} \r\n`)).toEqual(corolla);
  });

  it('rejects other paths, schemes, fragments and junk', () => {
    for (const junk of [
      '',
      '   ',
      'hello',
      `https://nambala.gov.zm/x#${digits}`,
      `https://nambala.gov.zm/v/#${digits}`,
      `https://nambala.gov.zm/v`,
      `https://nambala.gov.zm/v#`,
      `https://nambala.gov.zm/v#${digits}x`,
      `https://nambala.gov.zm/v#12`,
      `javascript:/v#${digits}`,
      `ftp://nambala.gov.zm/v#${digits}`,
      `${digits.slice(0, -1)}`,
      `${digits} ${digits}`,
      '9'.repeat(17),
      '0'.repeat(17 * 22),
    ]) {
      expect(credentialFromText(junk), junk.slice(0, 40)).toBeNull();
    }
  });

  it('gives back the bytes of any credential-sized byte string it was given as a URL', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: MAX_CREDENTIAL_BYTES }), (bytes) => {
        expect(credentialFromText(credentialUrl('https://nambala.gov.zm', bytes))).toEqual(bytes);
      }),
    );
  });

  it('never throws, whatever the text', () => {
    const urlish = fc
      .tuple(
        fc.constantFrom('https://a.zm/v#', 'http://[::1]/v#', 'https://%/v#', '/v#', ''),
        fc.string({ unit: 'binary', maxLength: 40 }),
      )
      .map(([a, b]) => a + b);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.webUrl({ withFragments: true, withQueryParameters: true }),
          urlish,
        ),
        (text) => {
          expect(() => credentialFromText(text)).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });
});
