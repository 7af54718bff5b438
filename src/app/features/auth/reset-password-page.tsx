/**
 * The page a reset link opens (/auth/reset-password?token=…): a new password, twice. The
 * link works once and for a limited time; a used or expired one says so and offers a new
 * link. On success every session of the account has ended, and the person logs in anew.
 * An administrator's invitation opens the same page (…&welcome=1), worded for a first password.
 */
import { MIN_PASSWORD_LENGTH, PASSWORD_RESET_DONE, RESET_LINK_UNUSABLE } from '#domain/accounts/account-links';
import { Button, chakra, Stack } from '@chakra-ui/react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { checkWithRules } from '../../components/form-rules';
import { TextLink } from '../../components/text-link';
import { FormMessage } from '../../components/form-message';
import { PlainField } from '../../components/plain-field';
import { showToast } from '../../components/toast';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { paths } from '../../config/paths';
import { completePasswordReset, type ResetField } from '../../account/account-api';
import { AuthCard } from './auth-card';
import { useOfflineMessageCleared } from './use-auth-form';
import { PasswordInput } from '../../account/password-input';

type Field = Exclude<ResetField, 'token'>;

const NEW_PASSWORD = {
  title: 'Choose a new password',
  lead: 'After the change, every device signed in to your account is signed out.',
};
const FIRST_PASSWORD = {
  title: 'Choose your password',
  lead: 'Your Nambala account is ready. Choose the password you will log in with; nobody else knows it.',
};

// The form's rules load once the page is idle (or with the first send), not with the page.
const rules = onDemand(() => import('#domain/accounts/password-reset').then((module) => module.passwordResetSchema));

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const words = searchParams.get('welcome') === '1' ? FIRST_PASSWORD : NEW_PASSWORD;
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formMessage, setFormMessage] = useState<string | null>(token === '' ? RESET_LINK_UNUSABLE : null);
  useOfflineMessageCleared(formMessage, setFormMessage);
  const [isSaving, setSaving] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failedAttempts);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setFormMessage(null);
    const checked = await checkWithRules(rules.load(), { token, ...values });
    if (!checked) return setFormMessage(NOT_LOADED);
    if (!checked.ok) {
      const { token: tokenError, ...fieldErrors } = checked.errors;
      setErrors(fieldErrors);
      setFormMessage(tokenError ?? null);
      setFailedAttempts((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      const result = await completePasswordReset(checked.value);
      if (result.ok) {
        showToast({ type: 'success', title: PASSWORD_RESET_DONE, closable: true });
        navigate(paths.auth, { replace: true });
        return;
      }
      const { token: tokenError, ...fieldErrors } = result.fields;
      setErrors(fieldErrors);
      setFormMessage(tokenError ?? result.message);
      setFailedAttempts((count) => count + 1);
    } finally {
      setSaving(false);
    }
  }

  const newLink = <TextLink to={paths.forgotPassword}>Ask for a new link</TextLink>;
  return (
    <AuthCard title={words.title} lead={words.lead} below={newLink}>
      <chakra.form ref={formRef} onSubmit={submit} noValidate aria-label={words.title}>
        <Stack gap="4">
          {/* For password managers: the account whose password this is. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
          <PlainField
            label="New Password"
            error={errors.newPassword}
            required
            helper={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(control) => (
              <PasswordInput
                {...control}
                name="newPassword"
                autoComplete="new-password"
                value={values.newPassword}
                onChange={(event) => change('newPassword', event.target.value)}
              />
            )}
          </PlainField>
          <PlainField label="Confirm Password" error={errors.confirmPassword} required>
            {(control) => (
              <PasswordInput
                {...control}
                name="confirmPassword"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={(event) => change('confirmPassword', event.target.value)}
              />
            )}
          </PlainField>
          <FormMessage message={formMessage} />
          <Button type="submit" colorPalette="brand" loading={isSaving} loadingText="Saving…" width="full">
            Set New Password
          </Button>
        </Stack>
      </chakra.form>
    </AuthCard>
  );
}
