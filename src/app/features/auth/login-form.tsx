/** The Login form: email and password, checked by the domain's loginSchema, then sent to the server. */
import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { TextLink } from '../../components/text-link';
import { paths } from '../../config/paths';
import { onDemand } from '../../components/loaded-when-open';
import { PlainField, TextInput } from '../../components/plain-field';
import { useUnsavedWork } from '../../pwa/unsaved-work';
import { login } from '../../account/account-api';
import { FormMessage } from '../../components/form-message';
import { PasswordInput } from '../../account/password-input';
import { useAuthForm } from './use-auth-form';

type LoginField = 'email' | 'password';

// The form's rules load once the page is idle (or with the first send), not with the page.
const rules = onDemand(() => import('#domain/accounts/signup').then((module) => module.loginSchema));

export function LoginForm({ onSwitchToSignup }: { onSwitchToSignup: () => void }) {
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const { errors, clearError, formMessage, isSubmitting, formRef, submit: send } = useAuthForm<LoginField>();
  useUnsavedWork(values.email.trim() !== '');

  function change(field: LoginField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(rules.load(), values, login, 'Welcome back!');
  }

  return (
    <chakra.form ref={formRef} onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="4">
        <PlainField label="Email" error={errors.email} required>
          {(control) => (
            <TextInput
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField label="Password" error={errors.password} required>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
            />
          )}
        </PlainField>
        <Text fontSize="sm" textAlign="end" mt="-2">
          <TextLink to={paths.forgotPassword}>Forgot password?</TextLink>
        </Text>
        <FormMessage message={formMessage} />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Logging in…" width="full">
          Login
        </Button>
        <Text fontSize="sm" textAlign="center" color="fg.muted">
          Don't have an account?{' '}
          <Button
            variant="plain"
            size="sm"
            color="brand.fg"
            px="0"
            height="auto"
            textDecoration="underline"
            onClick={onSwitchToSignup}
          >
            Sign Up
          </Button>
        </Text>
      </Stack>
    </chakra.form>
  );
}
