// What an NRC and a phone number look like, as a form's placeholders show them: apart from the
// checks (identity-checks.ts), so that a form's first paint does not load them.

/** An NRC as typed: six digits, two, one. */
export const NRC_PLACEHOLDER = '123456/78/9';

/** A Zambian mobile number as typed. */
export const PHONE_PLACEHOLDER = '+260 97 1234567';
