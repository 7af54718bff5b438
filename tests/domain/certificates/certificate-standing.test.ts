import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { certificateStanding, daysUntilExpiry, EXPIRES_SOON_DAYS } from '#domain/certificates/certificate-standing';
import { dateFromDays } from '#domain/credential/credential';

const valid = { standing: 'Valid' as const, expiryDate: '2029-03-15' };

describe('certificateStanding', () => {
  it('is Valid more than 90 days before the expiry date', () => {
    expect(certificateStanding(valid, '2026-11-22')).toBe('Valid');
    expect(certificateStanding(valid, '2028-12-14')).toBe('Valid'); // 91 days left
  });

  it('is Expires soon from 90 days before the expiry date to the expiry day itself', () => {
    expect(certificateStanding(valid, '2028-12-15')).toBe('Expires soon'); // 90 days left
    expect(certificateStanding(valid, '2029-03-15')).toBe('Expires soon');
  });

  it('is Expired from the day after the expiry date', () => {
    expect(certificateStanding(valid, '2029-03-16')).toBe('Expired');
  });

  it('shows Revoked or Stolen whatever the dates say', () => {
    expect(certificateStanding({ ...valid, standing: 'Stolen' }, '2030-01-01')).toBe('Stolen');
    expect(certificateStanding({ ...valid, standing: 'Revoked' }, '2026-11-22')).toBe('Revoked');
  });

  it('takes the device revocation list over the owner’s copy, which may be older', () => {
    expect(certificateStanding(valid, '2026-11-22', 'Stolen')).toBe('Stolen');
    expect(certificateStanding({ ...valid, standing: 'Revoked' }, '2026-11-22', 'Stolen')).toBe('Stolen');
    expect(certificateStanding(valid, '2026-11-22', null)).toBe('Valid');
  });

  it('agrees with the days left for every pair of dates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: -400, max: 400 }), (expiryDay, offset) => {
        const expiryDate = dateFromDays(expiryDay);
        const today = dateFromDays(Math.min(65_535, Math.max(0, expiryDay - offset)));
        const days = daysUntilExpiry(expiryDate, today);
        const standing = certificateStanding({ standing: 'Valid', expiryDate }, today);
        expect(standing).toBe(days < 0 ? 'Expired' : days <= EXPIRES_SOON_DAYS ? 'Expires soon' : 'Valid');
      }),
    );
  });
});

describe('daysUntilExpiry', () => {
  it('counts whole days, across leap days', () => {
    expect(daysUntilExpiry('2024-03-01', '2024-02-28')).toBe(2);
    expect(daysUntilExpiry('2024-03-15', '2024-03-15')).toBe(0);
    expect(daysUntilExpiry('2024-03-14', '2024-03-15')).toBe(-1);
  });

  it('refuses text that is not a date', () => {
    expect(() => daysUntilExpiry('soon', '2024-03-15')).toThrow(RangeError);
  });
});
