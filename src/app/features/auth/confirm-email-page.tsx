/**
 * The page a sign-up link opens (/auth/confirm-email?token=…). A button finishes the
 * account, rather than the page load itself, so a mail scanner that opens links does not
 * use the link up. On success the person is signed in and lands on their dashboard.
 */
import { ACCOUNT_CREATED, SIGNUP_LINK_UNUSABLE } from '#domain/accounts/account-links';
import { Button, chakra, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { onDemand } from '../../components/loaded-when-open';
import { TextLink } from '../../components/text-link';
import { FormMessage } from '../../components/form-message';
import { paths } from '../../config/paths';
import { confirmSignup } from '../../account/account-api';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';

// The form's rules load once the page is idle (or with the first send), not with the page.
const rules = onDemand(() =>
  import('#domain/accounts/signup-confirmation').then((module) => module.signupConfirmationSchema),
);

export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { errors, formMessage, isSubmitting, formRef, submit: send } = useAuthForm<'token'>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(rules.load(), { token }, confirmSignup, ACCOUNT_CREATED);
  }

  const problem = token === '' ? SIGNUP_LINK_UNUSABLE : (errors.token ?? formMessage);
  const again = <TextLink to={paths.signup}>Sign up again</TextLink>;
  return (
    <AuthCard
      title="Finish creating your account"
      lead="Your email is confirmed by the link you opened. One step more, and your account is ready."
      below={again}
    >
      <chakra.form ref={formRef} onSubmit={submit} noValidate aria-label="Finish creating your account">
        <Stack gap="4">
          <FormMessage message={problem} />
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            loadingText="Creating account…"
            width="full"
            disabled={token === ''}
          >
            Create My Account
          </Button>
        </Stack>
      </chakra.form>
    </AuthCard>
  );
}
