/**
 * A registry verdict drawn before the app has started (docs/decisions/034-verdict-drawn-before-the-app.md).
 *
 * On a slow phone the answer to a number sent early (verdict-request.ts) arrives while
 * the app is still starting; waiting for it put the app's start, ~0.3–2 s of a slow CPU,
 * between the answer and the officer. The prerendered /verification page carries the
 * verdict panel itself, rendered by the app's own VerdictPanel at build time for every
 * shape of answer the registry gives, with a marker where each value goes
 * (verdict-templates.tsx). The entry script fills a copy with the answer and puts it in
 * a slot that React leaves alone (its markup is `dangerouslySetInnerHTML`, never compared
 * when hydrating). The app's panel, once it shows its own outcome, empties the slot in the
 * same frame: the two are the same markup, so nothing moves.
 *
 * Free of React: the entry script fetches it on a page that carries templates, when a
 * number is sent early, so no other page's first load carries it.
 */
import { isClockOff } from '#domain/credential/freshness';
import { formatDay } from '../../components/format-date-time';
import { skewFromDateHeader } from '../../verdicts/registry-answer';
import { VERDICT_SHOWN_MARK } from '../../verdicts/verdict-measure';
import { type OnlineVerdict, type VerdictRequest, isEarlyRequestUntaken } from '../../verdicts/verdict-request';
import { EARLY_VERDICT_SLOT, VERDICT_TEMPLATE } from '../../plate-check/early-verdict-slot';

/** The values a template has a place for. */
export type VerdictSlot =
  'plate' | 'colour' | 'make' | 'model' | 'year' | 'registered' | 'expires' | 'owner' | 'insurer' | 'insuredUntil';

/** A private-use character around a slot's name: never in an answer's text, and not a date, so `formatDay` leaves it as it is. */
const MARK = '\uE000';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`, 'g');

export function slotMarker(slot: VerdictSlot): string {
  return `${MARK}${slot}${MARK}`;
}

/**
 * Which template draws an answer: its verdict and stage, and which of the optional parts
 * it has (the panel draws a part or leaves it out, so each combination is its own markup).
 */
export function verdictTemplateKey(answer: OnlineVerdict): string {
  const { vehicle, insurance } = answer;
  return [
    answer.verdict,
    answer.stage ?? '',
    vehicle ? (vehicle.year ? 'vehicle+year' : 'vehicle') : '',
    answer.registrationDate ? 'registered' : '',
    answer.expiryDate ? 'expires' : '',
    answer.owner ? 'owner' : '',
    insurance === undefined ? '' : insurance === 'none' ? 'uninsured' : 'insured',
  ].join('|');
}

/** What goes in each slot for this answer, as the app's panel would write it. */
export function slotValues(answer: OnlineVerdict): Record<VerdictSlot, string> {
  const cover = answer.insurance && answer.insurance !== 'none' ? answer.insurance : null;
  return {
    plate: answer.plateNumber,
    colour: answer.vehicle?.colour ?? '',
    make: answer.vehicle?.make ?? '',
    model: answer.vehicle?.model ?? '',
    year: answer.vehicle?.year ? String(answer.vehicle.year) : '',
    registered: formatDay(answer.registrationDate),
    expires: formatDay(answer.expiryDate),
    owner: answer.owner?.name ?? '',
    insurer: cover?.insurer ?? '',
    insuredUntil: cover ? formatDay(cover.until) : '',
  };
}

/** `text` with each slot's marker replaced by its value; a marker of no known slot stays. */
export function fillSlots(text: string, values: Readonly<Record<string, string>>): string {
  return text.includes(MARK) ? text.replace(MARKED, (marker: string, name: string) => values[name] ?? marker) : text;
}

/** True when a marker is left anywhere in `root`'s text or attributes. */
function hasMarker(root: DocumentFragment | Element): boolean {
  if ((root.textContent ?? '').includes(MARK)) return true;
  return [...root.querySelectorAll('*')].some((element) =>
    [...element.attributes].some((attribute) => attribute.value.includes(MARK)),
  );
}

/**
 * Draws `answer` in the page's slot from its template; false (nothing drawn) when the page
 * has no slot or no template for the answer's shape: the app then draws it as before.
 */
export function drawEarlyVerdict(answer: OnlineVerdict, doc: Document = document): boolean {
  const slot = doc.querySelector<HTMLElement>(`[${EARLY_VERDICT_SLOT}]`);
  const key = verdictTemplateKey(answer);
  const template = [...doc.querySelectorAll<HTMLTemplateElement>(`template[${VERDICT_TEMPLATE}]`)].find(
    (candidate) => candidate.getAttribute(VERDICT_TEMPLATE) === key,
  );
  if (!slot || !template) return false;
  const panel = template.content.cloneNode(true) as DocumentFragment;
  const values = slotValues(answer);
  const walker = doc.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    node.nodeValue = fillSlots(node.nodeValue ?? '', values);
  // A slot this code does not know, or one in an attribute: the app draws it instead.
  if (hasMarker(panel)) return false;
  slot.replaceChildren(panel);
  performance.mark(VERDICT_SHOWN_MARK);
  // As the app's panel does: into view, and focus on the heading that names the verdict.
  const shown = slot.firstElementChild;
  shown?.scrollIntoView({ block: 'start' });
  slot.querySelector<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
  return true;
}

/**
 * Draws the early request's answer when it arrives, unless the app has taken the request
 * by then (it draws it itself) or the answer is not a verdict. A device clock the answer
 * shows to be off is left to the app, whose panel says so. Settles once drawn or given up.
 */
export function drawWhenAnswered(request: VerdictRequest | null): Promise<void> {
  if (!request) return Promise.resolve();
  return request.answer.then(
    ({ result, answeredAt }) => {
      if (!result.ok || !isEarlyRequestUntaken(request)) return;
      const skew = skewFromDateHeader(result.date, request.sentAt, answeredAt, Date.now());
      if (skew !== null && isClockOff(skew)) return;
      drawEarlyVerdict(result.body);
    },
    () => undefined,
  );
}
