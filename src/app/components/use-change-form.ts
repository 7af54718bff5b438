/**
 * What a form that changes server data shares: field errors and the form message,
 * validation with the domain schema (loaded on demand), the change written through the one write path
 * and pushed at once, focus on the first problem, and an answer the person can read:
 * applied, saved on this device for later, or refused with the server's reason (the
 * refused change is dropped, since the form still holds it for correcting).
 */
import { validate } from '#domain/validation/validate';
import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import type { Mutation } from '../store/mutate';
import { NOT_LOADED } from './loaded-when-open';
import { showToast } from './toast';
import { useFocusFirstInvalid } from './use-focus-first-invalid';
// Imported with the form, not on submit: a form opened online must still save after the connection drops.
import { discardRejected, submitChange } from '../sync/submit-change';

export const SAVED_FOR_LATER = "Saved on this device — it will be sent when you're back online.";

export type ChangeResult = 'sent' | 'queued' | 'invalid' | 'rejected';

/**
 * A form's rules: the domain schema, or its load. Forms load their rules (and zod) on
 * demand, once the page is idle or with the first send, not with the page (decision 027).
 */
export type FormRules<Value> = ZodType<Value> | Promise<ZodType<Value>>;

/** Tells the person a change went through: applied by the server, or saved on this device for later. */
export function toastChange(result: 'sent' | 'queued', title: string): void {
  showToast({ type: result === 'sent' ? 'success' : 'info', title, ...(result === 'queued' ? { description: SAVED_FOR_LATER } : {}), closable: true });
}

/**
 * A change with no form to correct (a button in a dialog): written and pushed; on
 * success the toast, on refusal the change undone and its reason returned.
 */
export async function applyChange<Row extends { id: string }>(mutation: Mutation<Row>, doneTitle: string): Promise<string | null> {
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
   */
  async function submit<Value, Row extends { id: string }>(
    rules: FormRules<Value>,
    input: unknown,
    toMutation: (value: Value) => Mutation<Row>,
    options: { replaces?: string } = {},
  ): Promise<ChangeResult> {
    if (isSubmitting) return 'invalid';
    setFormMessage(null);
    const schema = await Promise.resolve(rules).catch(() => null);
    if (!schema) {
      setFormMessage(NOT_LOADED);
      return 'invalid';
    }
    const checked = validate(schema, input);
    if (!checked.ok) {
      setErrors(checked.errors as Partial<Record<Field, string>>);
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
