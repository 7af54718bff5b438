import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeNrcCheck, matchesNrcCheck } from '#domain/agent/nrc-check';

const subtle = webcrypto.subtle as SubtleCrypto;
const salt = (byte: number) => new Uint8Array(16).fill(byte);

describe('an NRC checked through its digest', () => {
  it('matches the NRC it was made from, written any way, and no other', async () => {
    const check = await makeNrcCheck(subtle, '123456/78/9', salt(7), 1000);
    expect(check).toMatchObject({
      iterations: 1000,
      salt: expect.stringMatching(/^[\w-]+$/),
      digest: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(await matchesNrcCheck(subtle, '123456/78/9', check)).toBe(true);
    expect(await matchesNrcCheck(subtle, ' 123456 78 9', check)).toBe(true);
    expect(await matchesNrcCheck(subtle, '123456/78/8', check)).toBe(false);
    expect(await matchesNrcCheck(subtle, '', check)).toBe(false);
  });

  it('holds nothing of the NRC in clear, and differs per salt', async () => {
    const one = await makeNrcCheck(subtle, '123456/78/9', salt(1), 1000);
    const two = await makeNrcCheck(subtle, '123456/78/9', salt(2), 1000);
    expect(JSON.stringify(one)).not.toMatch(/123456|78\/9/);
    expect(one.digest).not.toBe(two.digest);
  });
});
