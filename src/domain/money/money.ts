// Money as integer ngwee (1 kwacha = 100 ngwee). Amounts never pass through floating-point
// kwacha arithmetic, so totals shown with two decimals are exact; formatting is done by
// hand so output does not depend on the runtime's locale data.

export type Ngwee = number & { readonly __brand: 'Ngwee' };

export const NGWEE_PER_KWACHA = 100;

/** Brands a whole number of ngwee; throws RangeError for fractions, NaN or unsafe integers. */
export function ngwee(n: number): Ngwee {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`Money must be a whole number of ngwee, got ${n}`);
  }
  // -0 would print as 0 but fail Object.is comparisons, so it is folded into 0.
  return (n === 0 ? 0 : n) as Ngwee;
}

export const ZERO_NGWEE: Ngwee = ngwee(0);

/**
 * Converts a kwacha amount with at most two decimals to ngwee. 12.34 * 100 is
 * 1233.9999999999998 in floating point, so the product is rounded; the round trip check
 * rejects amounts with more than two decimals instead of silently rounding them.
 */
export function kwacha(k: number): Ngwee {
  if (!Number.isFinite(k)) {
    throw new RangeError(`Kwacha amount must be a finite number, got ${k}`);
  }
  const n = Math.round(k * NGWEE_PER_KWACHA);
  // Division is correctly rounded, so n / 100 gives back exactly k when k had ≤ 2 decimals.
  if (n / NGWEE_PER_KWACHA !== k) {
    throw new RangeError(`Kwacha amount may have at most two decimals, got ${k}`);
  }
  return ngwee(n);
}

/** The amount as a kwacha number, for inputs such as sliders; not for arithmetic. */
export function toKwachaNumber(amount: Ngwee): number {
  return amount / NGWEE_PER_KWACHA;
}

export function addMoney(...amounts: readonly Ngwee[]): Ngwee {
  return ngwee(amounts.reduce((sum, amount) => sum + amount, 0));
}

export function subtractMoney(from: Ngwee, amount: Ngwee): Ngwee {
  return ngwee(from - amount);
}

/** The amount times a whole count, e.g. the price of one plate times the number of plates. */
export function multiplyMoney(amount: Ngwee, count: number): Ngwee {
  if (!Number.isSafeInteger(count)) {
    throw new RangeError(`Count must be a whole number, got ${count}`);
  }
  return ngwee(amount * count);
}

export function minMoney(a: Ngwee, b: Ngwee): Ngwee {
  return a <= b ? a : b;
}

export function maxMoney(a: Ngwee, b: Ngwee): Ngwee {
  return a >= b ? a : b;
}

const BASIS_POINTS_PER_WHOLE = 10_000n;

/**
 * `bp` basis points (1 bp = 0.01%) of `amount`, rounded half-up to the nearest ngwee.
 * Uses BigInt so that the intermediate product is exact for any safe amount. Negative
 * amounts round half away from zero so that a refund mirrors its charge.
 */
export function percentOfBasisPoints(amount: Ngwee, bp: number): Ngwee {
  if (!Number.isSafeInteger(bp)) {
    throw new RangeError(`Basis points must be a whole number, got ${bp}`);
  }
  const product = BigInt(amount) * BigInt(bp);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + BASIS_POINTS_PER_WHOLE) / (BASIS_POINTS_PER_WHOLE * 2n);
  return ngwee(Number(product < 0n ? -rounded : rounded));
}

function groupThousands(whole: number): string {
  const digits = String(whole);
  let grouped = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

function splitAmount(amount: Ngwee): { sign: string; whole: string; cents: string } {
  const magnitude = Math.abs(amount);
  return {
    sign: amount < 0 ? '-' : '',
    whole: groupThousands(Math.floor(magnitude / NGWEE_PER_KWACHA)),
    cents: String(magnitude % NGWEE_PER_KWACHA).padStart(2, '0'),
  };
}

/** 'K1,234.50': the K prefix, thousands separators and always two decimals; '-K5.00' when negative. */
export function formatKwacha(amount: Ngwee): string {
  const { sign, whole, cents } = splitAmount(amount);
  return `${sign}K${whole}.${cents}`;
}

/** 'ZMW 1,500' for whole kwacha, 'ZMW 1,500.50' when there are ngwee; '-ZMW 5' when negative. */
export function formatZmw(amount: Ngwee): string {
  const { sign, whole, cents } = splitAmount(amount);
  return cents === '00' ? `${sign}ZMW ${whole}` : `${sign}ZMW ${whole}.${cents}`;
}
