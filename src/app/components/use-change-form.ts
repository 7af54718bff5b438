/**
 * What a form that changes server data shares: field errors and the form message,
 * validation with the domain schema (loaded on demand), the change written through the one write path
 * and pushed at once, focus on the first problem, and an answer the person can read:
 * applied, saved on this device for later, or refused with the server's reason (the
 * refused change is dropped, since the form still holds it for correcting).
 */
import { useRef, useState } from 'react';
import type { Mutation } from '../store/mutate';
import { checkWithRules, type FormRules } from './form-rules';
import { NOT_LOADED } from './loaded-when-open';
import { showToast } from './toast';
import { useFocusFirstInvalid } from './use-focus-first-invalid';
// Imported with the form, not on submit: a form opened online must still save after the connection drops.
import { discardRejected, submitChange } from '../sync/submit-change';
import { SAVED_FOR_LATER } from '../sync/sync-status';

export type ChangeResult = 'sent' | 'queued' | 'invalid' | 'rejected';

/** Tells the person a change went through: applied by the server, or saved on this device for later. */
export function toastChange(result: 'sent' | 'queued', title: string): void {
  showToast({
    type: result === 'sent' ? 'success' : 'info',
    title,
    ...(result === 'queued' ? { description: SAVED_FOR_LATER } : {}),
    closable: true,
  });
}

/**
 * A change with no form to correct (a button in a dialog): written and pushed; on
 * success the toast, on refusal the change undone and its reason returned.
 */
export async function applyChange<Row extends { id: string }>(
  mutation: Mutation<Row>,
  doneTitle: string,
): Promise<string | null> {
  const outcome = await submitChange(mutation);
  if (outcome.status === 'rejected') {
    await discardRejected(outcome.entryId);
    return outcome.reason;
  }
  toastChange(outcome.status, doneTitle);
  return null;
}

export function useChangeForm<Field extends string>() {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failedAttempts);

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function reset() {
    setErrors({});
    setFormMessage(null);
  }

  /**
   * `replaces`: a refused change this submission corrects (Needs attention → Edit
   * and resubmit); it is dropped once the corrected one has passed validation.
   * `refuse`: what the rules cannot see but the device can, checked on the valid value
   * (a chassis number another of the owner's vehicles has, an NRC that is not the order's):
   * field messages, or null; it may take a moment (a digest), so it may answer later.
   */
  async function submit<Value, Row extends { id: string }>(
    rules: FormRules<Value>,
    input: unknown,
    toMutation: (value: Value) => Mutation<Row>,
    options: {
      replaces?: string;
      refuse?: (value: Value) => Partial<Record<Field, string>> | null | Promise<Partial<Record<Field, string>> | null>;
    } = {},
  ): Promise<ChangeResult> {
    if (isSubmitting) return 'invalid';
    setFormMessage(null);
    const checked = await checkWithRules(rules, input);
    if (!checked) {
      setFormMessage(NOT_LOADED);
      return 'invalid';
    }
    const problems = checked.ok
      ? await options.refuse?.(checked.value)
      : (checked.errors as Partial<Record<Field, string>>);
    if (!checked.ok || problems) {
      setErrors(problems ?? {});
      setFailedAttempts((count) => count + 1);
      return 'invalid';
    }
    setSubmitting(true);
    try {
      if (options.replaces) await discardRejected(options.replaces);
      const outcome = await submitChange(toMutation(checked.value));
      if (outcome.status !== 'rejected') return outcome.status;
      await discardRejected(outcome.entryId);
      setErrors(outcome.fields as Partial<Record<Field, string>>);
      setFormMessage(outcome.reason);
      setFailedAttempts((count) => count + 1);
      return 'rejected';
    } finally {
      setSubmitting(false);
    }
  }

  return { errors, setErrors, clearError, formMessage, setFormMessage, isSubmitting, formRef, submit, reset };
}
