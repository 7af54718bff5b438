import { MAX_REJECTION_REASON_LENGTH, REVIEW_MESSAGES } from '#domain/applications/review';
import { describe, expect, it } from 'vitest';
import { reasonProblem } from '../../../../src/app/features/application-review/rejection-reason';

describe('the reason for a rejection', () => {
  it('is required, in the spec’s words, even when only spaces are typed', () => {
    expect(reasonProblem('')).toBe('Please give a reason for the rejection');
    expect(reasonProblem('   \n')).toBe(REVIEW_MESSAGES.reasonRequired);
  });

  it('counts characters as a person sees them', () => {
    expect(reasonProblem('🚗'.repeat(MAX_REJECTION_REASON_LENGTH))).toBeNull();
    expect(reasonProblem('a'.repeat(MAX_REJECTION_REASON_LENGTH + 1))).toBe(REVIEW_MESSAGES.reasonTooLong);
  });
});
