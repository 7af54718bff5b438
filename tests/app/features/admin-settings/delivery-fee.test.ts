// Settings → Delivery takes the fee in kwacha as typed and sends it in ngwee, within the bounds
// every amount setting has.
import { describe, expect, it } from 'vitest';
import { feeFromKwacha } from '../../../../src/app/features/admin-settings/delivery-section';

describe('the delivery fee as typed', () => {
  it('reads kwacha with up to two decimals as ngwee', () => {
    expect(feeFromKwacha('50')).toBe(5000);
    expect(feeFromKwacha(' 50.5 ')).toBe(5050);
    expect(feeFromKwacha('1,250.75')).toBe(125_075);
    expect(feeFromKwacha('0')).toBe(0);
  });

  it('refuses what is not an amount within K0 to K1,000,000', () => {
    for (const typed of ['', '-5', '5.555', 'fifty', '1000000.01', '1e3']) expect(feeFromKwacha(typed)).toBeNull();
  });
});
