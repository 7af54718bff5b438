import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPolicyHolder,
  fraudSign,
  type HolderFacts,
  REFUSED_PLATES_PER_DAY,
  requestText,
} from '../../../src/domain/insurance/owner-consent';

const facts = (overrides: Partial<HolderFacts> = {}): HolderFacts => ({
  plateNumber: 'ZM-123-ABC',
  customer: { name: 'Joseph Phiri', nrc: '302215/10/1', accountId: null },
  owner: { nrc: '204518/10/1', accountId: 'owner-1' },
  consent: null,
  ...overrides,
});

describe('who a policy on a plate may be issued to', () => {
  it('issues to the registered owner, their NRC compared by digits alone', () => {
    expect(
      checkPolicyHolder(facts({ customer: { name: 'Mwila Banda', nrc: '204518/10/1', accountId: null } })),
    ).toEqual({ ok: true, basis: 'owner-nrc' });
    expect(
      checkPolicyHolder(
        facts({
          customer: { name: 'Mwila Banda', nrc: '204518/10/1', accountId: null },
          owner: { nrc: '204518 10 1', accountId: null },
        }),
      ),
    ).toEqual({ ok: true, basis: 'owner-nrc' });
  });

  it('never matches an empty NRC', () => {
    expect(
      checkPolicyHolder(
        facts({ customer: { name: 'Nobody', nrc: '', accountId: null }, owner: { nrc: '', accountId: null } }),
      ),
    ).toMatchObject({ ok: false, missing: 'owner-unreachable' });
  });

  it("issues to the customer whose link the owner's account accepted, and with the owner's accepted consent", () => {
    expect(
      checkPolicyHolder(facts({ customer: { name: 'Joseph Phiri', nrc: '302215/10/1', accountId: 'owner-1' } })),
    ).toEqual({ ok: true, basis: 'owner-account' });
    expect(checkPolicyHolder(facts({ consent: { status: 'Accepted', at: '2026-11-01T09:00:00.000Z' } }))).toEqual({
      ok: true,
      basis: 'owner-consent',
    });
  });

  it('names what is missing: consent to ask, an answer, a declined consent, an owner with no account', () => {
    expect(checkPolicyHolder(facts())).toMatchObject({
      ok: false,
      missing: 'consent',
      message: expect.stringMatching(
        /^ZM-123-ABC is not registered to Joseph Phiri: .* Ask the owner's consent, and issue the policy once they accept\.$/,
      ),
    });
    expect(checkPolicyHolder(facts({ consent: { status: 'Pending', at: '2026-11-01T09:00:00.000Z' } }))).toMatchObject({
      missing: 'consent-pending',
      message: expect.stringContaining('on 1 Nov 2026 and they have not answered yet'),
    });
    expect(checkPolicyHolder(facts({ consent: { status: 'Declined', at: '2026-11-02T09:00:00.000Z' } }))).toMatchObject(
      {
        missing: 'consent-declined',
        message: expect.stringContaining('declined to have it insured for Joseph Phiri on 2 Nov 2026'),
      },
    );
    expect(
      checkPolicyHolder(
        facts({
          owner: { nrc: '204518/10/1', accountId: null },
          consent: { status: 'Accepted', at: '2026-11-01T09:00:00.000Z' },
        }),
      ),
    ).toMatchObject({ missing: 'owner-unreachable' });
  });

  it('never issues to someone whose NRC is not the owner’s without the owner’s account or consent', () => {
    const nrc = fc
      .tuple(fc.integer({ min: 100000, max: 999999 }), fc.integer({ min: 10, max: 99 }), fc.integer({ min: 1, max: 9 }))
      .map(([a, b, c]) => `${a}/${b}/${c}`);
    fc.assert(
      fc.property(
        nrc,
        nrc,
        fc.constantFrom('Pending', 'Declined', 'Withdrawn', null),
        (customerNrc, ownerNrc, status) => {
          fc.pre(customerNrc !== ownerNrc);
          const check = checkPolicyHolder(
            facts({
              customer: { name: 'X', nrc: customerNrc, accountId: null },
              owner: { nrc: ownerNrc, accountId: 'owner-1' },
              consent: status === null ? null : { status, at: '2026-01-01' },
            }),
          );
          return !check.ok;
        },
      ),
    );
  });
});

describe('when a refused attempt looks like fraud', () => {
  const attempt = {
    plateNumber: 'ZM-123-ABC',
    customerName: 'Joseph Phiri',
    ownerName: 'Mwila Banda',
    missing: 'consent' as const,
    refusedEarlier: [] as string[],
  };

  it('is not fraud the first time an agent tries a driver’s car, nor when they try the same plate again', () => {
    expect(fraudSign(attempt)).toBeNull();
    expect(fraudSign({ ...attempt, refusedEarlier: ['ZM-123-ABC', 'ZM-124-ABC'] })).toBeNull();
  });

  it('is fraud under the owner’s name with another NRC, after a declined consent, and on the third plate in a day (once)', () => {
    expect(fraudSign({ ...attempt, customerName: ' mwila  BANDA ' })).toContain('registered owner’s name');
    expect(fraudSign({ ...attempt, missing: 'consent-declined' })).toContain('declined');
    expect(fraudSign({ ...attempt, refusedEarlier: ['ZM-124-ABC', 'ZM-125-ABC'] })).toContain(
      `${REFUSED_PLATES_PER_DAY} plates of other people`,
    );
    expect(fraudSign({ ...attempt, refusedEarlier: ['ZM-124-ABC', 'ZM-125-ABC', 'ZM-126-ABC'] })).toBeNull();
  });
});

describe('the questions an account holder answers', () => {
  it('says who asks, for whom and about which plate', () => {
    expect(
      requestText({
        kind: 'link',
        insurer: 'Natasha Zulu',
        customerName: 'Mwila Banda',
        customerNrc: '123456/78/9',
        plateNumber: null,
      }),
    ).toMatch(
      /^Natasha Zulu has recorded you as their customer Mwila Banda \(NRC 123456\/78\/9\)\. Accept only if that is you/,
    );
    expect(
      requestText({
        kind: 'consent',
        insurer: 'Natasha Zulu',
        customerName: 'Joseph Phiri',
        customerNrc: '302215/10/1',
        plateNumber: 'ZM-101-ABC',
      }),
    ).toContain('asks to insure your plate ZM-101-ABC for Joseph Phiri (NRC 302215/10/1)');
  });
});
