/**
 * A Settings form that is sent at once and never waits on the device (the password, the email
 * and phone): its values, the errors under its fields, the message above them, and a send that
 * checks the form's rules first, then shows the server's refusal where it belongs. Focus goes
 * to the first field to fix after each failed try.
 */
import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { checkWithRules } from '../../components/form-rules';
import { NOT_LOADED } from '../../components/loaded-when-open';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import type { FormResult } from '../../account/account-api';

export function useOnlineForm<Values extends Record<string, string>>(initial: Values) {
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [failures, setFailures] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failures);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Checks with `rules`, then sends; the server's message on success, or null when refused (shown). */
  async function send<Checked>(
    rules: Promise<ZodType<Checked>>,
    call: (value: Checked) => Promise<FormResult<Field>>,
  ): Promise<{ message: string | null } | null> {
    setMessage(null);
    const checked = await checkWithRules(rules, values);
    if (!checked) {
      setMessage(NOT_LOADED);
      return null;
    }
    if (!checked.ok) {
      setErrors(checked.errors as Partial<Record<Field, string>>);
      setFailures((count) => count + 1);
      return null;
    }
    setSaving(true);
    try {
      const result = await call(checked.value);
      if (result.ok) return { message: result.message };
      setErrors(result.fields);
      setMessage(result.message);
      setFailures((count) => count + 1);
      return null;
    } finally {
      setSaving(false);
    }
  }

  return { values, setValues, errors, message, isSaving, formRef, change, send };
}
