// The agent's claims as a CSV file (Claims → Export CSV): each claim with its amounts in
// kwacha (two decimals, no separators, so a spreadsheet reads numbers) and a totals line
// that is the same sums the screens show (claimTotals).
import { csvText } from '../csv/csv-writer';
import { type ClaimAmounts, claimTotals } from './claim-amounts';
import type { InsuranceClaim } from './claim-steps';

type ClaimRow = Pick<InsuranceClaim, 'claimNumber' | 'plateNumber' | 'incidentDate' | 'incidentPlace' | 'status'> &
  Partial<ClaimAmounts> & { holder: string };

const kwachaCell = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '' : (amount / 100).toFixed(2);

export function claimsCsv(claims: readonly ClaimRow[], today: string): string {
  const totals = claimTotals(
    claims.map((claim) => ({
      status: claim.status,
      claimedAmount: claim.claimedAmount ?? null,
      approvedAmount: claim.approvedAmount ?? null,
      paidAmount: claim.paidAmount ?? null,
    })),
  );
  return csvText([
    [`Nambala claims of ${today}`],
    [
      'Claim',
      'Policy holder',
      'Plate',
      'Incident date',
      'Place',
      'Status',
      'Claimed (ZMW)',
      'Assessed (ZMW)',
      'Approved (ZMW)',
      'Paid (ZMW)',
      'Payment method',
      'Payment reference',
      'Paid on',
    ],
    ...claims.map((claim) => [
      claim.claimNumber,
      claim.holder,
      claim.plateNumber,
      claim.incidentDate,
      claim.incidentPlace,
      claim.status,
      kwachaCell(claim.claimedAmount),
      kwachaCell(claim.assessedAmount),
      kwachaCell(claim.approvedAmount),
      kwachaCell(claim.paidAmount),
      claim.paymentMethod ?? '',
      claim.paymentReference ?? '',
      claim.paidOn ?? '',
    ]),
    [],
    [
      'Totals',
      '',
      '',
      '',
      '',
      '',
      kwachaCell(totals.claimed),
      '',
      kwachaCell(totals.approved),
      kwachaCell(totals.paid),
    ],
    ['Approved, not yet paid', '', '', '', '', '', '', '', kwachaCell(totals.outstanding)],
  ]);
}
