/**
 * What the account forms share: field errors and the form message, validation with the
 * domain schema (loaded on demand, not with the page), the call to the server, focus on
 * the first problem, and on success the session and the landing page.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { checkWithRules, type FormRules } from '../../components/form-rules';
import { NOT_LOADED } from '../../components/loaded-when-open';
import { showToast } from '../../components/toast';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { useOnlineStatus } from '../../components/use-online-status';
import { saysOffline } from '../../account/account-api';
import { landingFor } from '../../session/role-views';
import { type SessionUser, setSignedIn } from '../../session/session-store';

export function useAuthForm<Field extends string>() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failedAttempts);
  useOfflineMessageCleared(formMessage, setFormMessage);

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /**
   * Validates with the form's rules and sends. A user in the answer is signed in and taken
   * to their landing page; any other success is handed back (a sign-up's "check your
   * email"); a refusal is shown, as is rules that cannot be fetched.
   */
  async function submit<Value, Success extends { ok: true }>(
    rules: FormRules<Value>,
    input: unknown,
    send: (
      value: Value,
    ) => Promise<Success | { ok: false; message: string | null; fields: Partial<Record<Field, string>> }>,
    welcome: string,
  ): Promise<Success | null> {
    if (isSubmitting) return null;
    setFormMessage(null);
    const checked = await checkWithRules(rules, input);
    if (!checked) {
      setFormMessage(NOT_LOADED);
      return null;
    }
    if (!checked.ok) {
      setErrors(checked.errors as Partial<Record<Field, string>>);
      setFailedAttempts((count) => count + 1);
      return null;
    }
    setSubmitting(true);
    try {
      const result = await send(checked.value);
      if (result.ok) {
        // Login and a confirmed sign-up answer with the user (the type of `send` says which calls do).
        if ('user' in result) {
          const user = result.user as SessionUser;
          showToast({ type: 'success', title: welcome, closable: true });
          setSignedIn(user);
          navigate(landingFor(user.roles, searchParams.get('redirect')));
        }
        return result;
      }
      setErrors(result.fields);
      setFormMessage(result.message);
      setFailedAttempts((count) => count + 1);
      return null;
    } finally {
      setSubmitting(false);
    }
  }

  return { errors, setErrors, clearError, formMessage, isSubmitting, formRef, submit };
}

/**
 * Takes a "You're offline" message away when the connection comes back (the device goes from
 * offline to online): the form follows the connection. A message given while the device
 * thought it was online (the server unreachable) stays until the next try.
 */
export function useOfflineMessageCleared(message: string | null, setMessage: (message: string | null) => void): void {
  const isOnline = useOnlineStatus();
  const wasOnline = useRef(isOnline);
  useEffect(() => {
    const cameBack = isOnline && !wasOnline.current;
    wasOnline.current = isOnline;
    if (cameBack && saysOffline(message)) setMessage(null);
  }, [isOnline, message, setMessage]);
}
