import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approvalProblem,
  claimAmountProblem,
  claimTotals,
  kwachaInputText,
  MAX_CLAIM_NGWEE,
  NO_CLAIM_AMOUNTS,
  parseKwachaText,
  paymentProblems,
} from '../../../src/domain/insurance/claim-amounts';
import {
  type ClaimState,
  claimStepNotice,
  claimStepSchema,
  transitionClaim,
} from '../../../src/domain/insurance/claim';
import { claimsCsv } from '../../../src/domain/insurance/claims-csv';
import { ngwee } from '../../../src/domain/money/money';

const AGENT = { id: 'agent-1', roles: ['insurance_agent'] };
const AT = '2026-12-06T10:00:00.000Z';
const amount = fc.integer({ min: 1, max: MAX_CLAIM_NGWEE });
const underAssessment: ClaimState = {
  agentId: 'agent-1',
  claimNumber: 'CLM-000042',
  status: 'Under Assessment',
  rejectReason: null,
  assessedAt: '2026-12-01T09:00:00.000Z',
  decidedAt: null,
  paidAt: null,
  ...NO_CLAIM_AMOUNTS,
};

describe('claim amounts', () => {
  it('takes whole ngwee from K0.01 to K10,000,000.00, and K0.00 only as an assessment', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CLAIM_NGWEE, max: 2 * MAX_CLAIM_NGWEE }), (value) => {
        const inRange = value > 0 && value <= MAX_CLAIM_NGWEE;
        expect(claimAmountProblem('claimed', value) === null).toBe(inRange);
        expect(claimAmountProblem('approved', value) === null).toBe(inRange);
        expect(claimAmountProblem('assessed', value) === null).toBe(inRange || value === 0);
      }),
    );
    expect(claimAmountProblem('claimed', 10.5)).toBe('The amount claimed must be a whole number of ngwee');
    expect(claimAmountProblem('claimed', MAX_CLAIM_NGWEE + 1)).toBe(
      'The amount claimed must be at most K10,000,000.00',
    );
  });

  it('reads kwacha as typed back to the same ngwee, and never rounds a third decimal away', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const parsed = parseKwachaText(kwachaInputText(ngwee(value)), 'claimed');
        expect(parsed).toEqual({ ok: true, value });
      }),
    );
    expect(parseKwachaText('K12,500.50', 'claimed')).toEqual({ ok: true, value: 1_250_050 });
    expect(parseKwachaText('12500.505', 'claimed').ok).toBe(false);
    expect(parseKwachaText('-5', 'claimed').ok).toBe(false);
    expect(parseKwachaText('', 'approved')).toEqual({ ok: false, error: 'The approved amount is required' });
  });

  it('approves at most the assessed amount and the amount claimed, never more than either', () => {
    fc.assert(
      fc.property(amount, amount, amount, (approved, claimed, assessed) => {
        const problem = approvalProblem(approved, { claimedAmount: ngwee(claimed), assessedAmount: ngwee(assessed) });
        expect(problem === null).toBe(approved <= claimed && approved <= assessed);
      }),
    );
    expect(approvalProblem(100, { claimedAmount: null, assessedAmount: ngwee(100) })).toMatch(/amount claimed/);
    expect(approvalProblem(100, { claimedAmount: ngwee(100), assessedAmount: null })).toMatch(/assessed amount/);
  });

  it('pays only the approved amount, by a known method, with a reference, on a day between the approval and today', () => {
    fc.assert(
      fc.property(amount, amount, (approved, paid) => {
        const problems = paymentProblems(
          { paidAmount: paid, paymentMethod: 'Cheque', paymentReference: 'CHQ 001', paidOn: '2026-12-06' },
          { approvedAmount: ngwee(approved), decidedAt: '2026-12-05T08:00:00.000Z' },
          '2026-12-06',
        );
        expect(problems === null).toBe(paid === approved);
      }),
    );
    const claim = { approvedAmount: ngwee(5000), decidedAt: '2026-12-05T08:00:00.000Z' };
    const good = { paidAmount: 5000, paymentMethod: 'Bank transfer', paymentReference: 'TRF-1', paidOn: '2026-12-05' };
    expect(paymentProblems(good, claim, '2026-12-06')).toBeNull();
    expect(paymentProblems({ ...good, paymentMethod: 'Cash' }, claim, '2026-12-06')?.paymentMethod).toBeDefined();
    expect(paymentProblems({ ...good, paymentReference: ' ' }, claim, '2026-12-06')?.paymentReference).toBeDefined();
    expect(paymentProblems({ ...good, paidOn: '2026-12-04' }, claim, '2026-12-06')?.paidOn).toMatch(/before/);
    expect(paymentProblems({ ...good, paidOn: '2026-12-07' }, claim, '2026-12-06')?.paidOn).toMatch(/future/);
  });

  it('sums claimed over all claims, approved over approved and paid ones, paid over paid ones', () => {
    const status = fc.constantFrom('Submitted', 'Under Assessment', 'Approved', 'Rejected', 'Paid');
    fc.assert(
      fc.property(
        fc.array(fc.record({ status, claimed: fc.option(amount, { nil: null }), approved: amount })),
        (rows) => {
          const claims = rows.map((row) => ({
            status: row.status,
            claimedAmount: row.claimed === null ? null : ngwee(row.claimed),
            approvedAmount: row.status === 'Approved' || row.status === 'Paid' ? ngwee(row.approved) : null,
            paidAmount: row.status === 'Paid' ? ngwee(row.approved) : null,
          }));
          const totals = claimTotals(claims);
          expect(totals.claimed).toBe(rows.reduce((sum, row) => sum + (row.claimed ?? 0), 0));
          expect(totals.approved).toBe(totals.paid + totals.outstanding);
          expect(totals.paid).toBeLessThanOrEqual(totals.approved);
        },
      ),
    );
  });
});

describe('a claim’s steps with money', () => {
  it('asks for the amount when approving, and refuses one above the assessment', () => {
    const assessed = transitionClaim(
      { ...underAssessment, claimedAmount: ngwee(900_000) },
      { step: 'assessment', assessedAmount: 800_000 },
      AGENT,
      AT,
    );
    expect(assessed).toMatchObject({ ok: true, claim: { status: 'Under Assessment', assessedAmount: 800_000 } });
    if (!assessed.ok) return;
    expect(transitionClaim(assessed.claim, { step: 'approve' }, AGENT, AT)).toMatchObject({
      ok: false,
      reason: 'amount',
    });
    expect(transitionClaim(assessed.claim, { step: 'approve', approvedAmount: 800_001 }, AGENT, AT)).toMatchObject({
      ok: false,
      fields: { approvedAmount: 'The approved amount cannot be more than the assessed amount (K8,000.00)' },
    });
    const approved = transitionClaim(assessed.claim, { step: 'approve', approvedAmount: 800_000 }, AGENT, AT);
    expect(approved).toMatchObject({ ok: true, claim: { status: 'Approved', approvedAmount: 800_000 } });
  });

  it('needs the amount in the step’s request itself', () => {
    expect(claimStepSchema.safeParse({ step: 'approve' }).success).toBe(false);
    expect(claimStepSchema.safeParse({ step: 'approve', approvedAmount: 100 }).success).toBe(true);
    expect(claimStepSchema.safeParse({ step: 'pay', paidAmount: 100 }).success).toBe(false);
  });

  it('tells the holder the approved and the paid amount', () => {
    const base = { claimNumber: 'CLM-000042', plateNumber: 'ZM-123-ABC', rejectReason: null };
    expect(claimStepNotice({ ...base, status: 'Approved', approvedAmount: ngwee(800_000) }, 'Madison').body).toBe(
      'Madison has approved your claim CLM-000042 for ZM-123-ABC for K8,000.00. You will be told when it is paid.',
    );
    expect(
      claimStepNotice(
        {
          ...base,
          status: 'Paid',
          paidAmount: ngwee(800_000),
          paymentMethod: 'Mobile money',
          paymentReference: 'MM-1',
          paidOn: '2026-12-06',
        },
        'Madison',
      ).body,
    ).toBe(
      'Madison has paid your claim CLM-000042 for ZM-123-ABC: K8,000.00 by Mobile money on 6 Dec 2026 (reference MM-1).',
    );
  });

  it('exports the claims with their amounts in kwacha and the same totals', () => {
    const csv = claimsCsv(
      [
        {
          claimNumber: 'CLM-000001',
          holder: 'Mwila Banda',
          plateNumber: 'ZM-123-ABC',
          incidentDate: '2026-12-01',
          incidentPlace: 'Lusaka',
          status: 'Paid',
          claimedAmount: ngwee(1_875_000),
          assessedAmount: ngwee(1_790_000),
          approvedAmount: ngwee(1_790_000),
          paidAmount: ngwee(1_790_000),
          paymentMethod: 'Bank transfer',
          paymentReference: 'MGI-PAY-0417',
          paidOn: '2026-12-06',
        },
      ],
      '2026-12-06',
    );
    expect(csv).toContain(
      'CLM-000001,Mwila Banda,ZM-123-ABC,2026-12-01,Lusaka,Paid,18750.00,17900.00,17900.00,17900.00,Bank transfer,MGI-PAY-0417,2026-12-06',
    );
    expect(csv).toContain('Totals,,,,,,18750.00,,17900.00,17900.00');
  });
});
