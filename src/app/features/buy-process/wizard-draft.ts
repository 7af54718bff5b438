/**
 * Keeps the wizard's draft (step and answers) on this device across reloads, in
 * localStorage under one key. It holds the applicant's details but no secrets: a card
 * number is never part of it. A later
 * piece of work moves drafts into the synced store; until then this is the whole of it.
 * Storage can be missing or full (private modes, quotas), so every access is guarded:
 * losing the draft is better than breaking the form.
 */
import { isPaymentMethodId } from '#domain/pricing/pricing';
import { APPLICATION_FIELDS, type ApplicationFields, type WizardDraft } from './wizard-reducer';

const VEHICLE_FIELDS: ReadonlySet<string> = new Set([
  'vehicleMake',
  'vehicleModel',
  'vehicleRegistration',
  'registrationNotYetKnown',
]);

export const WIZARD_DRAFT_KEY = 'nambala.buy-process.draft';
/** Bumped when the stored shape changes; older drafts are then ignored rather than misread. */
const DRAFT_VERSION = 1;

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): DraftStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readFields(value: unknown): ApplicationFields | null {
  if (!isRecord(value)) return null;
  const fields: Partial<ApplicationFields> = {};
  for (const name of APPLICATION_FIELDS) {
    const field = value[name];
    // Drafts kept before the vehicle was asked for have no vehicle fields: they start blank.
    if (field === undefined && VEHICLE_FIELDS.has(name)) fields[name] = '';
    else if (typeof field !== 'string') return null;
    else fields[name] = field;
  }
  return fields as ApplicationFields;
}

/** Reads a draft back, or null when there is none or it cannot be trusted. */
export function parseWizardDraft(text: string | null): WizardDraft | null {
  if (!text) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(stored) || stored.version !== DRAFT_VERSION) return null;
  const { applicationId, step, paymentMethod, payerPhone, chosenNumbers } = stored;
  const fields = readFields(stored.fields);
  if (typeof applicationId !== 'string' || applicationId === '' || (step !== 1 && step !== 2) || !fields) return null;
  // Drafts saved before the wallet number was asked for have none: step 1's phone is used.
  return {
    applicationId,
    step,
    fields,
    paymentMethod: isPaymentMethodId(paymentMethod) ? paymentMethod : null,
    payerPhone: typeof payerPhone === 'string' ? payerPhone : null,
    // Drafts kept before numbers could be chosen have none: all are allocated.
    ...(Array.isArray(chosenNumbers) &&
    chosenNumbers.length > 0 &&
    chosenNumbers.every((number) => typeof number === 'string')
      ? { chosenNumbers }
      : {}),
  };
}

export function readWizardDraft(storage: DraftStorage | undefined = browserStorage()): WizardDraft | null {
  try {
    return parseWizardDraft(storage?.getItem(WIZARD_DRAFT_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeWizardDraft(draft: WizardDraft, storage: DraftStorage | undefined = browserStorage()): void {
  try {
    // Named one by one, so nothing else that rides along on the object (a card number) is ever written.
    const { applicationId, step, fields, paymentMethod, payerPhone, chosenNumbers } = draft;
    storage?.setItem(
      WIZARD_DRAFT_KEY,
      JSON.stringify({ version: DRAFT_VERSION, applicationId, step, fields, paymentMethod, payerPhone, chosenNumbers }),
    );
  } catch {
    // Full or blocked storage: the form keeps working, only the reload safety net is gone.
  }
}

export function clearWizardDraft(storage: DraftStorage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(WIZARD_DRAFT_KEY);
  } catch {
    // Nothing to do: a draft we cannot remove is also one we could not read.
  }
}
