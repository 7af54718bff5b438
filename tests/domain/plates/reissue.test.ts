import { describe, expect, it } from 'vitest';
import { reissueDate } from '#domain/plates/reissue';

describe('reissueDate', () => {
  it('dates a re-issue the day it happens', () => {
    expect(reissueDate('2026-11-22', '2024-03-15')).toBe('2026-11-22');
  });

  it('dates a re-issue on the day of the registration it replaces the next day, so the older QR code still reads as replaced', () => {
    expect(reissueDate('2026-11-22', '2026-11-22')).toBe('2026-11-23');
    // A second re-issue that day moves on again.
    expect(reissueDate('2026-11-22', '2026-11-23')).toBe('2026-11-24');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(reissueDate('2028-02-28', '2028-02-28')).toBe('2028-02-29');
    expect(reissueDate('2026-12-31', '2026-12-31')).toBe('2027-01-01');
  });
});
