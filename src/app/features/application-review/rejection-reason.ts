/** The rejection reason checked before it is sent, in the domain's words (the server checks it again). */
import { MAX_REJECTION_REASON_LENGTH, REVIEW_MESSAGES } from '#domain/applications/review';

/** The reason's problem, or null when it may be sent. Characters are counted as a person sees them. */
export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return REVIEW_MESSAGES.reasonRequired;
  if ([...trimmed].length > MAX_REJECTION_REASON_LENGTH) return REVIEW_MESSAGES.reasonTooLong;
  return null;
}
