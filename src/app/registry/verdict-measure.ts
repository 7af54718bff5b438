/** The User Timing name of a verdict's compute time, on the page's timeline (read by the benchmark). */
export const VERDICT_MEASURE = 'nambala:verdict-compute';
