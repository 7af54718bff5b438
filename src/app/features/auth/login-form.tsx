/** The Login form: email and password, checked by the domain's loginSchema, then sent to the server. */
import { Button, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema } from '#domain/accounts/signup';
import { validate } from '#domain/validation/validate';
import { showToast } from '../../components/toast';
import { landingFor } from '../../session/role-views';
import { setSignedIn } from '../../session/session-store';
import { useUnsavedWork } from '../../pwa/unsaved-work';
import { login } from './auth-api';
import { FormMessage } from './form-message';
import { PasswordInput } from './password-input';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';

type LoginField = 'email' | 'password';

export function LoginForm({ onSwitchToSignup }: { onSwitchToSignup: () => void }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failedAttempts);
  useUnsavedWork(values.email.trim() !== '');

  function change(field: LoginField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setFormMessage(null);
    const checked = validate(loginSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailedAttempts((count) => count + 1);
      return;
    }
    setSubmitting(true);
    try {
      const result = await login(checked.value);
      if (result.ok) {
        showToast({ type: 'success', title: 'Welcome back!', closable: true });
        setSignedIn(result.user);
        navigate(landingFor(result.user.roles, searchParams.get('redirect')));
        return;
      }
      setErrors(result.fields);
      setFormMessage(result.message);
      setFailedAttempts((count) => count + 1);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <chakra.form ref={formRef} onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input name="email" type="email" autoComplete="email" inputMode="email" value={values.email} onChange={(event) => change('email', event.target.value)} />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput name="password" autoComplete="current-password" value={values.password} onChange={(event) => change('password', event.target.value)} />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <FormMessage message={formMessage} />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Logging in…" width="full">
          Login
        </Button>
        <Text fontSize="sm" textAlign="center" color="fg.muted">
          Don't have an account?{' '}
          <Button variant="plain" size="sm" color="brand.fg" px="0" height="auto" textDecoration="underline" onClick={onSwitchToSignup}>
            Sign Up
          </Button>
        </Text>
      </Stack>
    </chakra.form>
  );
}
