/** Renewals: when a plate may be renewed, the expiry a renewal gives (5-year and 29 February boundaries), and reminders. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reminderDue, reminderMessage, renewableFrom, renewalRefusal, renewedExpiry } from '#domain/plates/renewal';

describe('renewedExpiry', () => {
  it('adds five years to the current expiry while the registration still runs, so renewing early loses no days', () => {
    expect(renewedExpiry('2029-03-15', '2029-01-10', 5)).toBe('2034-03-15');
  });

  it('counts from the expiry date on the expiry day itself (still valid), and from today the day after', () => {
    expect(renewedExpiry('2029-03-15', '2029-03-15', 5)).toBe('2034-03-15');
    expect(renewedExpiry('2029-03-15', '2029-03-16', 5)).toBe('2034-03-16');
  });

  it('counts from today for a registration that expired long ago', () => {
    expect(renewedExpiry('2024-01-10', '2026-11-22', 5)).toBe('2031-11-22');
  });

  it('lands a 29 February on 28 February of a year without one, and keeps it in a leap year', () => {
    expect(renewedExpiry('2028-02-29', '2028-01-01', 5)).toBe('2033-02-28');
    expect(renewedExpiry('2027-06-01', '2028-02-29', 5)).toBe('2033-02-28');
    expect(renewedExpiry('2028-02-29', '2028-02-01', 4)).toBe('2032-02-29');
  });

  it('crosses the five-year boundary of a registration exactly: registered 2026-11-22, expiring 2031-11-22, renewed to 2036-11-22', () => {
    expect(renewedExpiry('2031-11-22', '2031-11-22', 5)).toBe('2036-11-22');
    expect(renewedExpiry('2031-11-22', '2031-11-23', 5)).toBe('2036-11-23');
  });

  it('always gives an expiry after both today and the current expiry', () => {
    const day = fc
      .integer({ min: 10_000, max: 40_000 })
      .map((days) => new Date(days * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 1, max: 10 }), (expiry, today, years) => {
        const renewed = renewedExpiry(expiry, today, years);
        expect(renewed > today && renewed > expiry).toBe(true);
      }),
    );
  });
});

describe('renewalRefusal', () => {
  const plate = { plateNumber: 'ZM-123-ABC', standing: 'Valid' as const, expiryDate: '2029-03-15' };

  it('allows a renewal from 90 days before the expiry date, and any time after it', () => {
    expect(renewableFrom('2029-03-15')).toBe('2028-12-15');
    expect(renewalRefusal(plate, '2028-12-15')).toBeUndefined();
    expect(renewalRefusal(plate, '2029-03-15')).toBeUndefined();
    expect(renewalRefusal(plate, '2034-01-01')).toBeUndefined();
  });

  it('refuses one earlier, saying from when it can be renewed', () => {
    expect(renewalRefusal(plate, '2028-12-14')).toBe(
      'Plate ZM-123-ABC can be renewed from 15 Dec 2028, 90 days before its registration expires on 15 Mar 2029.',
    );
  });

  it('refuses a revoked or stolen plate whatever the date', () => {
    expect(renewalRefusal({ ...plate, standing: 'Revoked' }, '2029-03-01')).toBe(
      'Plate ZM-123-ABC has been revoked, so its registration cannot be renewed.',
    );
    expect(renewalRefusal({ ...plate, standing: 'Stolen' }, '2029-03-01')).toBe(
      'Plate ZM-123-ABC is reported stolen, so its registration cannot be renewed.',
    );
  });
});

describe('reminderDue', () => {
  const expiry = '2029-03-15';

  it('reminds at 90, 30 and 7 days before the expiry date, once each', () => {
    expect(reminderDue(expiry, '2028-12-14', [])).toBeUndefined();
    expect(reminderDue(expiry, '2028-12-15', [])).toEqual({ daysLeft: 90, thresholds: [90] });
    expect(reminderDue(expiry, '2029-01-01', [90])).toBeUndefined();
    expect(reminderDue(expiry, '2029-02-13', [90])).toEqual({ daysLeft: 30, thresholds: [30] });
    expect(reminderDue(expiry, '2029-03-08', [90, 30])).toEqual({ daysLeft: 7, thresholds: [7] });
    expect(reminderDue(expiry, '2029-03-15', [90, 30, 7])).toBeUndefined();
  });

  it('sends one reminder standing for every threshold passed unseen (a server that was off)', () => {
    expect(reminderDue(expiry, '2029-03-10', [])).toEqual({ daysLeft: 5, thresholds: [90, 30, 7] });
    expect(reminderDue(expiry, '2029-03-10', [90])).toEqual({ daysLeft: 5, thresholds: [30, 7] });
  });

  it('sends nothing once the registration has expired', () => {
    expect(reminderDue(expiry, '2029-03-16', [])).toBeUndefined();
  });

  it('says how long is left in words', () => {
    expect(reminderMessage('ZM-123-ABC', expiry, 30).title).toBe('Plate ZM-123-ABC expires in 30 days');
    expect(reminderMessage('ZM-123-ABC', expiry, 1).title).toBe('Plate ZM-123-ABC expires tomorrow');
    expect(reminderMessage('ZM-123-ABC', expiry, 0).title).toBe('Plate ZM-123-ABC expires today');
    expect(reminderMessage('ZM-123-ABC', expiry, 7).body).toContain('valid until 15 Mar 2029');
  });
});
