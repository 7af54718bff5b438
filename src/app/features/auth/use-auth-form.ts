/**
 * What the login and sign-up forms share: field errors and the form message,
 * validation with the domain schema, the call to the server, focus on the first
 * problem, and on success the session and the landing page.
 */
import { validate } from '#domain/validation/validate';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ZodType } from 'zod';
import { showToast } from '../../components/toast';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { landingFor } from '../../session/role-views';
import { setSignedIn } from '../../session/session-store';
import type { AuthResult } from './auth-api';

export function useAuthForm<Field extends string>() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failedAttempts);

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Validates, sends, and either signs in (returns true) or shows what went wrong. */
  async function submit<Value>(schema: ZodType<Value>, input: unknown, send: (value: Value) => Promise<AuthResult<Field>>, welcome: string): Promise<boolean> {
    if (isSubmitting) return false;
    setFormMessage(null);
    const checked = validate(schema, input);
    if (!checked.ok) {
      setErrors(checked.errors as Partial<Record<Field, string>>);
      setFailedAttempts((count) => count + 1);
      return false;
    }
    setSubmitting(true);
    try {
      const result = await send(checked.value);
      if (result.ok) {
        showToast({ type: 'success', title: welcome, closable: true });
        setSignedIn(result.user);
        navigate(landingFor(result.user.roles, searchParams.get('redirect')));
        return true;
      }
      setErrors(result.fields);
      setFormMessage(result.message);
      setFailedAttempts((count) => count + 1);
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return { errors, setErrors, clearError, formMessage, isSubmitting, formRef, submit };
}
