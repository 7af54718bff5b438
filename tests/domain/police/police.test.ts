import { describe, expect, it } from 'vitest';
import {
  flagDecisionSchema,
  flagStatusAfter,
  plateFlagSchema,
  policeCheckSchema,
  standingAfter,
} from '#domain/police/police';
import { validate } from '#domain/validation/validate';

const now = Date.parse('2026-11-22T12:00:00Z');
const id = '0193f1a2-7b3c-7d4e-8f5a-123456789abc';

describe('police records', () => {
  it('accepts a check made offline earlier, normalising the plate number', () => {
    const result = validate(policeCheckSchema(now), {
      id,
      plateNumber: ' zm-123-abc ',
      verdict: 'Valid',
      method: 'scan',
      offline: true,
      checkedAt: '2026-11-22T08:00:00+02:00',
    });
    expect(result).toMatchObject({ ok: true, value: { plateNumber: 'ZM-123-ABC' } });
  });

  it('refuses a check from more than a day in the future, an unknown verdict or method, and a bad id', () => {
    const result = validate(policeCheckSchema(now), {
      id: 'nope',
      plateNumber: 'ZM-123-ABC',
      verdict: 'Great',
      method: 'phone',
      offline: 'no',
      checkedAt: '2026-11-24T12:00:00Z',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['checkedAt', 'id', 'method', 'offline', 'verdict']);
    expect(result.errors.checkedAt).toBe('Checked at cannot be in the future');
  });

  it('needs a note on a flag, and at most 500 characters of it', () => {
    expect(
      validate(plateFlagSchema, { id, plateNumber: 'ZM-123-ABC', suspicion: 'Suspected fake', note: '   ' }),
    ).toMatchObject({ ok: false, errors: { note: 'Please describe what you saw' } });
    expect(
      validate(plateFlagSchema, { id, plateNumber: 'ZM-123-ABC', suspicion: 'Suspected fake', note: 'x'.repeat(501) }),
    ).toMatchObject({ ok: false, errors: { note: 'The note must be at most 500 characters' } });
    expect(
      validate(plateFlagSchema, { id, plateNumber: 'ZM-123-ABC', suspicion: 'Counterfeit', note: 'x' }),
    ).toMatchObject({ ok: false, errors: { suspicion: 'Please choose what you suspect' } });
  });

  it('maps each decision to the flag outcome and the plate standing', () => {
    expect([flagStatusAfter('revoke'), flagStatusAfter('stolen'), flagStatusAfter('dismiss')]).toEqual([
      'Revoked',
      'Stolen',
      'Dismissed',
    ]);
    expect([standingAfter('revoke'), standingAfter('stolen'), standingAfter('dismiss')]).toEqual([
      'Revoked',
      'Stolen',
      null,
    ]);
    expect(validate(flagDecisionSchema, { flagId: id, decision: 'revoke' })).toMatchObject({
      ok: true,
      value: { note: '' },
    });
    expect(validate(flagDecisionSchema, { flagId: id, decision: 'approve' }).ok).toBe(false);
  });
});
