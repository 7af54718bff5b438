import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/domain/validation/validate';
import { ngwee } from '../../../src/domain/money/money';
import {
  CLAIM_STEPS,
  type ClaimState,
  type ClaimStep,
  claimDateProblem,
  claimInputSchema,
  claimMatches,
  claimNumberFrom,
  claimStepSchema,
  fitWithin,
  JPEG_QUALITIES,
  MAX_PHOTO_SIDE,
  mayStepClaim,
  nextEncoding,
  nextSteps,
  storageRunningOut,
  transitionClaim,
} from '../../../src/domain/insurance/claim';

const AGENT = { id: 'agent-1', roles: ['insurance_agent'] };
const AT = '2026-11-24T10:00:00.000Z';
const submitted: ClaimState = {
  agentId: 'agent-1',
  claimNumber: 'CLM-000001',
  status: 'Submitted',
  rejectReason: null,
  assessedAt: null,
  decidedAt: null,
  paidAt: null,
  claimedAmount: ngwee(500_000),
};
const POLICY = { policyNumber: 'POL-000007', startDate: '2026-01-10', endDate: '2027-01-09', cancelledAt: null };
const SHA = 'a'.repeat(64);

const validClaim = (overrides: Record<string, unknown> = {}) => ({
  id: '0196a0b2-7c1e-7a00-8000-000000000001',
  policyId: 'policy-1',
  incidentDate: '2026-11-20',
  incidentPlace: 'Cairo Road, Lusaka',
  description: 'Side-swiped while parked.',
  otherPartyPlate: '',
  photos: [],
  ...overrides,
});

describe('claim input', () => {
  it('takes a claim without the other party’s plate, and normalises one that is given', () => {
    const without = validate(claimInputSchema, validClaim());
    expect(without.ok && without.value.otherPartyPlate).toBeNull();
    const withPlate = validate(claimInputSchema, validClaim({ otherPartyPlate: ' zm-123-abc ' }));
    expect(withPlate.ok && withPlate.value.otherPartyPlate).toBe('ZM-123-ABC');
  });

  it('takes back what it gave: a checked claim, as the device sends it, checks again to the same', () => {
    for (const plate of ['', ' zm-123-abc ']) {
      const checked = claimInputSchema.parse(validClaim({ otherPartyPlate: plate }));
      expect(claimInputSchema.parse(checked)).toEqual(checked);
    }
  });

  it('says what is missing or wrong, field by field', () => {
    const result = validate(
      claimInputSchema,
      validClaim({
        policyId: '',
        incidentDate: '2026-02-30',
        incidentPlace: '',
        description: ' ',
        otherPartyPlate: 'ZM_1',
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        policyId: 'Choose the policy',
        incidentDate: 'Incident date must be a date',
        incidentPlace: 'Place of the incident is required',
        description: 'Description is required',
        otherPartyPlate: 'Plate number may contain only letters, digits, spaces and hyphens',
      },
    });
  });

  it('takes at most 20 photos, each at most 1 MB and 1600 px, and none twice', () => {
    const photo = (n: number) => ({ sha256: n.toString(16).padStart(64, '0'), size: 1000, width: 1600, height: 900 });
    expect(validate(claimInputSchema, validClaim({ photos: Array.from({ length: 20 }, (_, n) => photo(n)) })).ok).toBe(
      true,
    );
    expect(
      validate(claimInputSchema, validClaim({ photos: Array.from({ length: 21 }, (_, n) => photo(n)) })),
    ).toMatchObject({ ok: false, errors: { photos: 'A claim carries at most 20 photos.' } });
    expect(validate(claimInputSchema, validClaim({ photos: [{ ...photo(1), size: 1024 * 1024 + 1 }] }))).toMatchObject({
      ok: false,
      errors: { photos: 'A photo must be at most 1 MB after resizing' },
    });
    expect(validate(claimInputSchema, validClaim({ photos: [{ ...photo(1), width: 1601 }] }))).toMatchObject({
      ok: false,
      errors: { photos: 'A photo is at most 1600 pixels on its longest side' },
    });
    expect(validate(claimInputSchema, validClaim({ photos: [photo(1), photo(1)] }))).toMatchObject({
      ok: false,
      errors: { photos: 'The same photo is listed twice' },
    });
    expect(validate(claimInputSchema, validClaim({ photos: [{ ...photo(1), sha256: SHA.toUpperCase() }] })).ok).toBe(
      false,
    );
  });

  it('asks for a reason with a rejection, an amount with an approval, and knows only the five steps', () => {
    expect(validate(claimStepSchema, { step: 'reject', reason: '' })).toMatchObject({
      ok: false,
      errors: { reason: 'Give the reason for rejecting the claim' },
    });
    expect(validate(claimStepSchema, { step: 'reject', reason: 'Not covered' }).ok).toBe(true);
    // Approving asks for the amount (it once took none).
    expect(validate(claimStepSchema, { step: 'approve' }).ok).toBe(false);
    expect(validate(claimStepSchema, { step: 'approve', approvedAmount: 450_000 }).ok).toBe(true);
    expect(validate(claimStepSchema, { step: 'assessment', assessedAmount: 0 }).ok).toBe(true);
    expect(validate(claimStepSchema, { step: 'refund' }).ok).toBe(false);
  });
});

describe('incident date', () => {
  it('is not in the future, not before the policy started, not after it ended or was cancelled', () => {
    expect(claimDateProblem('2026-11-24', POLICY, '2026-11-24')).toBeNull();
    expect(claimDateProblem('2026-11-25', POLICY, '2026-11-24')).toBe('Incident date cannot be in the future');
    expect(claimDateProblem('2026-01-09', POLICY, '2026-11-24')).toBe(
      'Incident date cannot be before policy POL-000007 started (10 Jan 2026)',
    );
    expect(claimDateProblem('2026-01-10', POLICY, '2026-11-24')).toBeNull();
    expect(claimDateProblem('2027-01-10', POLICY, '2027-02-01')).toBe(
      'Policy POL-000007 ended on 9 Jan 2027: it does not cover a later incident',
    );
    expect(claimDateProblem('2026-06-02', { ...POLICY, cancelledAt: '2026-06-01T08:00:00.000Z' }, '2026-11-24')).toBe(
      'Policy POL-000007 was cancelled on 1 Jun 2026: it does not cover a later incident',
    );
  });

  it('fits every day from the policy’s start to today within its term', () => {
    const day = fc
      .integer({ min: 0, max: 363 })
      .map((n) => new Date(Date.UTC(2026, 0, 10 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        day,
        day,
        (incident, today) => (claimDateProblem(incident, POLICY, today) === null) === incident <= today,
      ),
    );
  });
});

describe('claim steps', () => {
  const step = fc.constantFrom<ClaimStep>(...CLAIM_STEPS);
  const actor = fc.constantFrom(
    AGENT,
    { id: 'agent-2', roles: ['insurance_agent'] },
    { id: 'agent-1', roles: ['buyer'] },
    { id: 'officer', roles: ['police'] },
  );
  const reason = fc.constantFrom(undefined, '', '  ', 'Not covered');

  function run(steps: Array<{ step: ClaimStep; reason?: string; actor: { id: string; roles: string[] } }>) {
    let claim = submitted;
    const visited: ClaimState['status'][] = [claim.status];
    for (const request of steps) {
      const outcome = transitionClaim(
        claim,
        {
          step: request.step,
          ...(request.reason === undefined ? {} : { reason: request.reason }),
          // The amounts each step asks for, so a sequence can reach Approved and Paid.
          assessedAmount: 500_000,
          approvedAmount: 400_000,
          paidAmount: 400_000,
          paymentMethod: 'Bank transfer',
          paymentReference: 'TRF-1',
          paidOn: AT.slice(0, 10),
        },
        request.actor,
        AT,
      );
      if (outcome.ok) {
        claim = outcome.claim;
        visited.push(claim.status);
      }
    }
    return { claim, visited };
  }
  const sequences = fc.array(fc.record({ step, reason, actor }), { maxLength: 12 });

  it('follows Submitted → Under Assessment → Approved | Rejected → Paid, one step at a time', () => {
    expect(nextSteps('Submitted')).toEqual(['assess']);
    expect(nextSteps('Under Assessment')).toEqual(['assessment', 'approve', 'reject']);
    expect(nextSteps('Approved')).toEqual(['pay']);
    expect(nextSteps('Rejected')).toEqual([]);
    expect(nextSteps('Paid')).toEqual([]);
  });

  it('never reaches Paid without Approved just before, nor Approved or Rejected without assessment', () => {
    fc.assert(
      fc.property(sequences, (steps) => {
        const { visited } = run(steps);
        visited.forEach((status, index) => {
          if (status === 'Paid') expect(visited[index - 1]).toBe('Approved');
          if (status === 'Approved' || status === 'Rejected') expect(visited[index - 1]).toBe('Under Assessment');
          // Recording the assessment keeps the claim Under Assessment.
          if (status === 'Under Assessment') expect(['Submitted', 'Under Assessment']).toContain(visited[index - 1]);
        });
      }),
    );
  });

  it('ends at Rejected or Paid: nothing moves a decided claim again', () => {
    fc.assert(
      fc.property(sequences, (steps) => {
        const { visited } = run(steps);
        const end = visited.findIndex((status) => status === 'Rejected' || status === 'Paid');
        if (end >= 0) expect(visited.length).toBe(end + 1);
      }),
    );
  });

  it('moves only for the claim’s own insurance agent, and rejects only with a reason', () => {
    fc.assert(
      fc.property(sequences, (steps) => {
        const { claim } = run(steps);
        const moved = claim.status !== 'Submitted';
        if (moved) expect(steps.some((request) => request.actor === AGENT)).toBe(true);
        if (claim.status === 'Rejected') expect(claim.rejectReason).toBe('Not covered');
      }),
    );
    expect(
      transitionClaim(submitted, { step: 'assess' }, { id: 'agent-2', roles: ['insurance_agent'] }, AT),
    ).toMatchObject({ ok: false, reason: 'not-yours' });
    expect(transitionClaim(submitted, { step: 'assess' }, { id: 'agent-1', roles: ['buyer'] }, AT)).toMatchObject({
      ok: false,
      reason: 'not-yours',
    });
    expect(mayStepClaim(AGENT, { agentId: 'agent-1' })).toBe(true);
    const assessing = { ...submitted, status: 'Under Assessment' as const };
    expect(transitionClaim(assessing, { step: 'reject', reason: ' ' }, AGENT, AT)).toMatchObject({
      ok: false,
      reason: 'reason-required',
    });
    expect(transitionClaim(assessing, { step: 'reject', reason: ' Fraud ' }, AGENT, AT)).toMatchObject({
      ok: true,
      claim: { status: 'Rejected', rejectReason: 'Fraud', decidedAt: AT },
    });
  });

  it('says which state a step needs', () => {
    expect(transitionClaim(submitted, { step: 'pay' }, AGENT, AT)).toEqual({
      ok: false,
      reason: 'wrong-state',
      message: 'Claim CLM-000001 is Submitted: Mark Paid applies to a claim that is Approved.',
    });
  });
});

describe('photos', () => {
  it('fits a photo within 1600 px on its long side, keeping its shape and never enlarging it', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12_000 }), fc.integer({ min: 1, max: 12_000 }), (width, height) => {
        const fitted = fitWithin(width, height);
        expect(Math.max(fitted.width, fitted.height)).toBeLessThanOrEqual(MAX_PHOTO_SIDE);
        expect(fitted.width).toBeLessThanOrEqual(width);
        expect(fitted.height).toBeLessThanOrEqual(height);
      }),
    );
  });

  it('steps the JPEG quality down, then the size, so an encoding always ends up smaller', () => {
    let encoding = { width: 1600, height: 1200, quality: JPEG_QUALITIES[0] as number };
    const qualities: number[] = [encoding.quality];
    for (let attempt = 0; attempt < JPEG_QUALITIES.length - 1; attempt += 1) {
      encoding = nextEncoding(encoding);
      qualities.push(encoding.quality);
    }
    expect(qualities).toEqual([...JPEG_QUALITIES]);
    expect(nextEncoding(encoding)).toEqual({ width: 1280, height: 960, quality: 0.55 });
    expect(nextEncoding({ width: 2, height: 2, quality: 0.45 })).toEqual({ width: 1, height: 1, quality: 0.55 });
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1600 }),
        fc.integer({ min: 2, max: 1600 }),
        fc.constantFrom(...JPEG_QUALITIES),
        (width, height, quality) => {
          const next = nextEncoding({ width, height, quality });
          expect(next.quality < quality || next.width * next.height < width * height).toBe(true);
        },
      ),
    );
  });
});

describe('the rest', () => {
  it('numbers claims CLM-000001 and finds them by number, plate, place or holder', () => {
    expect(claimNumberFrom(42)).toBe('CLM-000042');
    const claim = {
      claimNumber: 'CLM-000042',
      plateNumber: 'ZM-123-ABC',
      otherPartyPlate: 'ZM-456-DEF',
      incidentPlace: 'Cairo Road',
    };
    expect(claimMatches(claim, 'Mwila Banda', 'clm-000042')).toBe(true);
    expect(claimMatches(claim, 'Mwila Banda', 'zm 456')).toBe(true);
    expect(claimMatches(claim, 'Mwila Banda', 'cairo')).toBe(true);
    expect(claimMatches(claim, 'Mwila Banda', 'mwila')).toBe(true);
    expect(claimMatches(claim, 'Mwila Banda', 'kitwe')).toBe(false);
  });

  it('warns of storage running out below 50 MB free or at 90% used', () => {
    const MB = 1024 * 1024;
    expect(storageRunningOut({ usage: 10 * MB, quota: 1000 * MB })).toBe(false);
    expect(storageRunningOut({ usage: 960 * MB, quota: 1000 * MB })).toBe(true);
    expect(storageRunningOut({ usage: 50 * MB, quota: 90 * MB })).toBe(true);
    expect(storageRunningOut({ usage: 0, quota: 0 })).toBe(false);
  });
});
