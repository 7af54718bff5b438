const countFormat = new Intl.NumberFormat('en-GB');

/** 1,200 */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

const signed = new Intl.NumberFormat('en-GB', { signDisplay: 'exceptZero' });

/** An overview trend in words: '+3 vs previous 30 days', '-3 vs …', or 'No change vs …'. */
export function formatTrend(trend: number): string {
  return `${trend === 0 ? 'No change' : signed.format(trend)} vs previous 30 days`;
}
