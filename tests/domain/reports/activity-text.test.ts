import { activityText } from '#domain/reports/activity-text';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('activity text', () => {
  it('words each kind of audited action with what it was about', () => {
    expect(activityText({ action: 'insurance.claim.pay', subject: 'CLM-000005', outcome: 'success' })).toBe(
      'Claim CLM-000005 paid',
    );
    expect(activityText({ action: 'inventory.allocation.add', subject: '5', outcome: 'success' })).toBe(
      'Allocation #5 added',
    );
    expect(activityText({ action: 'request.approve', subject: 'REQ-008', outcome: 'success' })).toBe(
      'Plate request REQ-008 approved',
    );
    expect(activityText({ action: 'plate.held', subject: 'ZM-101-ABC', outcome: 'success' })).toBe(
      'Plate ZM-101-ABC held for its owner',
    );
    expect(activityText({ action: 'settings.pricing', subject: 'pricing', outcome: 'success' })).toBe(
      'Prices and fees changed',
    );
    expect(activityText({ action: 'payment.approve', subject: 'PAY-000012', outcome: 'success' })).toBe(
      'Payment PAY-000012 received',
    );
    expect(activityText({ action: 'shop.place', subject: 'USR-004', outcome: 'success' })).toBe(
      'Plate shop address and hours changed',
    );
  });

  it('says a refusal first, with its reason', () => {
    expect(
      activityText({ action: 'auth.sign-in', subject: 'x@dash.zm', outcome: 'failure', reason: 'wrong-credentials' }),
    ).toBe('Sign-in as x@dash.zm refused (wrong email or password)');
    // What was tried, not what would have been done.
    expect(activityText({ action: 'password.change', subject: 'USR-002', outcome: 'failure' })).toBe(
      'Password change refused',
    );
    expect(
      activityText({ action: 'account.signup', subject: null, outcome: 'failure', reason: 'too-many-requests' }),
    ).toBe('Sign-up refused (too many requests)');
    expect(activityText({ action: 'user.delete', subject: 'USR-004', outcome: 'failure' })).toBe(
      'Refused: account USR-004 deleted',
    );
  });

  it('leaves out a bare row id, which means nothing to a reader', () => {
    expect(
      activityText({
        action: 'insurance.customer.add',
        subject: '0190f5d2-0015-7000-8000-000000000005',
        outcome: 'success',
      }),
    ).toBe('Insurance customer added');
    expect(
      activityText({ action: 'vehicle.add', subject: '0190f5d2-0015-7000-8000-000000000005', outcome: 'success' }),
    ).toBe('Vehicle added');
  });

  it('reads an action it has no words for as words, never as a code (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,8}(\.[a-z_-]{1,8}){1,2}$/),
        fc.option(fc.stringMatching(/^[A-Z]{2}-\d{3}$/), { nil: null }),
        (action, subject) => {
          const text = activityText({ action, subject, outcome: 'success' });
          expect(text).not.toMatch(/[a-z]\.[a-z]/);
          expect(text).toMatch(/^[A-Z]/);
          if (subject) expect(text).toContain(subject);
        },
      ),
    );
  });
});
