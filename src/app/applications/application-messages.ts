/**
 * What the wizard says about a submit, apart from the code that sends it: the wizard shows
 * these from its first paint, and loads the sending (application-api.ts, the command path)
 * only when the person submits.
 */
export const SUBMIT_OFFLINE =
  "You're offline. Your application is saved on this device; submit it when you're back online.";
export const SUBMIT_FAILED =
  'We could not submit your application just now. It is saved on this device; please try again.';
export const SUBMIT_SIGN_IN = 'Please sign in to submit your application. Your answers are saved on this device.';
