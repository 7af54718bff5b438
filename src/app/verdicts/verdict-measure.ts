/** The User Timing name of a verdict's compute time, on the page's timeline (read by the benchmark). */
export const VERDICT_MEASURE = 'nambala:verdict-compute';

/** Marked as a verdict reaches the page (before it is painted): by the app's panel, or by the one drawn before the app has started. */
export const VERDICT_SHOWN_MARK = 'nambala:verdict-shown';
