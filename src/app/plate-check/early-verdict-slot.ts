/**
 * Where /verification shows a verdict drawn before the app has started (early-verdict.ts,
 * decision 034), and its templates' attribute. Apart from the drawing code, which the entry
 * script fetches only on a page that carries templates, once a number has been sent early.
 */
export const EARLY_VERDICT_SLOT = 'data-early-verdict';
export const VERDICT_TEMPLATE = 'data-verdict-template';

/** Takes the early verdict off the page: the app's panel shows its own outcome, or a new check began. */
export function clearEarlyVerdict(doc: Document = document): void {
  const slot = doc.querySelector(`[${EARLY_VERDICT_SLOT}]`);
  if (slot?.hasChildNodes()) slot.replaceChildren();
}
