/**
 * What a person types, ticks or submits on a prerendered page before the app has
 * started. The page is usable HTML from its first paint, but hydrating hands every
 * field to React, whose state starts empty: an email typed meanwhile would be wiped,
 * and a form submitted meanwhile would be sent by the browser itself, as a page load
 * with the fields (a password too) in the address.
 *
 * index.html's inline script holds a submit (and notes which form) until the app is
 * ready; main.tsx starts keeping field values as soon as it runs, taking those typed
 * before it did too. Once the app has hydrated, each field's last value is replayed
 * through the events React listens to, so the page's own state takes it, and then the
 * held submit, so nothing is dropped.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Snapshot {
  value: string;
  checked: boolean;
  /** Its form's label and its own name, to find it again if the app drew the page afresh. */
  key: string;
}

interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** Where index.html's inline script leaves the last submit it held. */
type DocumentWithHeldSubmit = Document & { heldSubmit?: HeldSubmit };

interface Capture {
  root: HTMLElement;
  fields: Map<Field, Snapshot>;
  /** Enter pressed in a field, which the browser does not submit while the button is disabled. */
  enter: HeldSubmit | null;
  /** The name of the last button that opens a dialog pressed meanwhile (a plate's View Details), to press again. */
  opener: string | null;
  stop: () => void;
}

/** Buttons that open a dialog, named: a press on one before the app has started is made again once it has. */
const OPENER = 'button[aria-haspopup="dialog"][aria-label]';

let capture: Capture | null = null;

const FIELDS = 'input, textarea, select';

function fieldsOf(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>(FIELDS)];
}

/** The same field in a page drawn again: same form (by its label) and same name, or place in it. */
function keyOf(field: Field): string {
  const form = field.closest('form');
  const formKey = form?.getAttribute('aria-label') ?? form?.getAttribute('aria-labelledby') ?? '';
  const name = field.name || String(fieldsOf(form ?? document).indexOf(field));
  // Radio buttons share a name: each is told apart by its value.
  return `${formKey}|${field.type}|${name}${field.type === 'radio' ? `=${field.value}` : ''}`;
}

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

function isToggle(field: Field): boolean {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function isChanged(field: Field): boolean {
  if (field instanceof HTMLInputElement && isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/**
 * Starts keeping what is typed and ticked inside `root` until the app replays it.
 * `onEnter` is told of each Enter pressed in a field meanwhile, for work that need not
 * wait for the app (verdict-request.ts); `onOpener` of each press on a button that opens a
 * dialog (a plate's, drawn at once from the page's template: early-listing-dialog.ts).
 */
export function captureEarlyInput(
  root: HTMLElement,
  onEnter?: (field: HTMLInputElement) => void,
  onOpener?: (button: Element) => void,
): void {
  if (capture) return;
  const fields = new Map<Field, Snapshot>();
  const current: Capture = { root, fields, enter: null, opener: null, stop: () => undefined };
  const remember = (field: Field) => {
    fields.set(field, {
      value: field.value,
      checked: field instanceof HTMLInputElement && isToggle(field) && field.checked,
      key: keyOf(field),
    });
  };
  // What was typed before this script ran.
  for (const field of fieldsOf(root)) if (isChanged(field)) remember(field);

  const onInput = (event: Event) => {
    if (isField(event.target) && root.contains(event.target)) remember(event.target);
  };
  // Enter in a field asks for its form to be sent even where the prerendered submit
  // button is still disabled (the app enables it once the field has a value).
  const onKeyDown = (event: KeyboardEvent) => {
    const field = event.target;
    if (
      event.key !== 'Enter' ||
      !(field instanceof HTMLInputElement) ||
      isToggle(field) ||
      !field.form ||
      !root.contains(field)
    )
      return;
    current.enter = { form: field.form, submitter: null };
    onEnter?.(field);
  };
  // A plate's View Details pressed on the page the server drew, before the app could open its dialog.
  const onClick = (event: MouseEvent) => {
    const opener = event.target instanceof Element ? event.target.closest(OPENER) : null;
    if (!opener || !root.contains(opener)) return;
    current.opener = opener.getAttribute('aria-label');
    onOpener?.(opener);
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('click', onClick, true);
  current.stop = () => {
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onInput, true);
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('click', onClick, true);
  };
  capture = current;
}

/**
 * Gives a field its value the way typing does, so React's change handler takes it. The
 * page may still show the value (React resets a controlled field only on its next
 * render), and React ignores an event that brings no change to the value it last saw;
 * so the field is first set to something else through its own setter, which React
 * watches, then to the value through the prototype's, which it does not.
 */
function replayValue(field: Field, snapshot: Snapshot): void {
  if (field instanceof HTMLInputElement && isToggle(field)) {
    field.checked = !snapshot.checked;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = snapshot.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = snapshot.value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, snapshot.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Called as the page itself has hydrated or been drawn (its commit: the layout's may come
 * earlier, the page hydrating later inside its Suspense boundary): marks the document
 * ready, so forms submit through the app (index.html), and stops keeping input, so what
 * is typed from now on is the page's alone. What was kept is replayed a moment later
 * (`replayEarlyInput`), once the page's own effects have run.
 */
export function markAppReady(): void {
  if (document.documentElement.hasAttribute('data-ready')) return;
  document.documentElement.setAttribute('data-ready', '');
  capture?.stop();
}

/**
 * Gives each touched field its value back, presses again a dialog's button pressed meanwhile,
 * then sends a form that was submitted before the app was ready.
 */
export function replayEarlyInput(): void {
  const current = capture;
  if (!current) return;
  capture = null;
  const held = (document as DocumentWithHeldSubmit).heldSubmit ?? current.enter;
  delete (document as DocumentWithHeldSubmit).heldSubmit;

  const fieldsNow = new Map(fieldsOf(current.root).map((field) => [keyOf(field), field]));
  for (const [field, snapshot] of current.fields) {
    const target = field.isConnected ? field : fieldsNow.get(snapshot.key);
    if (target) replayValue(target, snapshot);
  }

  const opener = current.opener;
  if (opener !== null)
    setTimeout(() => {
      const button = [...current.root.querySelectorAll<HTMLButtonElement>(OPENER)].find(
        (candidate) => candidate.getAttribute('aria-label') === opener,
      );
      if (button && !button.disabled) button.click();
    }, 0);

  if (!held) return;
  // After React has re-rendered with the replayed values, so the submit handler sees them.
  setTimeout(() => {
    const { form, submitter } = held;
    if (!form.isConnected) return;
    form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : null);
  }, 0);
}
