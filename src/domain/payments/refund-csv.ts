// The administrator's Refunds list as a CSV file: one row per refund, amounts in kwacha with
// two decimals as a spreadsheet reads them, times in Lusaka time with the zone named (CAT).
import { formatLusakaDateTime } from '../dates/lusaka-date-time';
import type { AdminRefund } from '../api/payments';
import { csvText } from '../csv/csv-writer';
import { REFUND_REASON_LABELS, REFUND_STATUS_LABELS } from './refund';

const kwacha = (ngwee: number) => (ngwee / 100).toFixed(2);

export const REFUNDS_CSV_HEADER = [
  'Refund',
  'Status',
  'Amount (ZMW)',
  'Payment',
  'Paid (ZMW)',
  'Method',
  'Payer',
  'For',
  'Reason',
  'Attempts',
  'Started',
  'Settled',
  'Failure',
] as const;

export function refundsCsv(refunds: readonly AdminRefund[]): string {
  return csvText([
    [...REFUNDS_CSV_HEADER],
    ...refunds.map((refund) => [
      refund.reference,
      REFUND_STATUS_LABELS[refund.status],
      kwacha(refund.amount),
      refund.paymentReference,
      kwacha(refund.paymentAmount),
      refund.methodName,
      refund.payerName ?? refund.payerId,
      refund.description,
      REFUND_REASON_LABELS[refund.reason],
      refund.attempts,
      formatLusakaDateTime(refund.createdAt),
      formatLusakaDateTime(refund.settledAt),
      refund.failureReason,
    ]),
  ]);
}

/** nambala-refunds-2026-03-01.csv */
export function refundsCsvFileName(today: string): string {
  return `nambala-refunds-${today}.csv`;
}
