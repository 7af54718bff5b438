/**
 * "Forgot password?" (/auth/forgot-password): the email of the account; the server sends a
 * link that lets its owner choose a new password. The answer is the same whether or not
 * the email has an account, and says how long the link works.
 */
import { Box, Button, chakra, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useRef, useState } from 'react';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { checkWithRules } from '../../components/form-rules';
import { TextLink } from '../../components/text-link';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { paths } from '../../config/paths';
import { requestPasswordReset } from '../../account/account-api';
import { useOfflineMessageCleared } from './use-auth-form';
import { AuthCard } from './auth-card';

// The form's rules load once the page is idle (or with the first send), not with the page.
const rules = onDemand(() =>
  import('#domain/accounts/password-reset').then((module) => module.passwordResetRequestSchema),
);

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  useOfflineMessageCleared(formMessage, setFormMessage);
  const [isSending, setSending] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failedAttempts);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setFormMessage(null);
    const checked = await checkWithRules(rules.load(), { email });
    if (!checked) return setFormMessage(NOT_LOADED);
    if (!checked.ok) {
      setError(checked.errors.email);
      setFailedAttempts((count) => count + 1);
      return;
    }
    setSending(true);
    try {
      const result = await requestPasswordReset(checked.value.email);
      if (result.ok) setSent(result.message);
      else {
        setError(result.fields.email);
        setFormMessage(result.message);
        setFailedAttempts((count) => count + 1);
      }
    } finally {
      setSending(false);
    }
  }

  const backToLogin = (
    <>
      <chakra.span color="fg.muted">Remembered it? </chakra.span>
      <TextLink to={paths.auth}>Back to Login</TextLink>
    </>
  );
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email of your account and we will send you a link to choose a new password."
      below={backToLogin}
    >
      {sent ? (
        <Stack gap="4" role="status">
          <Box
            bg="green.subtle"
            color="green.fg"
            borderWidth="1px"
            borderColor="green.muted"
            rounded="md"
            px="4"
            py="3"
          >
            <Text fontSize="sm">{sent}</Text>
          </Box>
          <Text fontSize="sm" color="fg.muted">
            The link also arrives by SMS when your account has a mobile number. Nothing arrived? Check the address and
            ask again.
          </Text>
          <Button variant="outline" onClick={() => setSent(null)}>
            Send another link
          </Button>
        </Stack>
      ) : (
        <chakra.form ref={formRef} onSubmit={submit} noValidate aria-label="Reset password">
          <Stack gap="4">
            <FormField label="Email" error={error} required>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <FormMessage message={formMessage} />
            <Button type="submit" colorPalette="brand" loading={isSending} loadingText="Sending…" width="full">
              Send Reset Link
            </Button>
          </Stack>
        </chakra.form>
      )}
    </AuthCard>
  );
}
