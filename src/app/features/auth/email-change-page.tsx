/**
 * The page an email change's links open (/auth/email-change?action=confirm|undo&token=…): from
 * the new address it makes the change, from the old one it undoes it (every session of the
 * account then ends). A button does it, rather than the page load, so a mail scanner that
 * opens links does not use the link up.
 */
import { EMAIL_CHANGE_LINK_UNUSABLE } from '#domain/accounts/account-links';
import { Alert, Button, chakra, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormMessage } from '../../components/form-message';
import { TextLink } from '../../components/text-link';
import { paths } from '../../config/paths';
import { finishEmailChange } from '../../account/account-api';
import { AuthCard } from './auth-card';

const WORDS = {
  confirm: {
    title: 'Confirm your new email',
    lead: 'Make this address the email of your Nambala account.',
    button: 'Confirm New Email',
    busy: 'Confirming…',
  },
  undo: {
    title: 'Undo the email change',
    lead: 'Give your Nambala account back its old email. Every session of the account ends.',
    button: 'Undo the Change',
    busy: 'Undoing…',
  },
} as const;

export function EmailChangePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const action = searchParams.get('action') === 'undo' ? 'undo' : 'confirm';
  const words = WORDS[action];
  const [problem, setProblem] = useState<string | null>(token === '' ? EMAIL_CHANGE_LINK_UNUSABLE : null);
  const [done, setDone] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || token === '') return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await finishEmailChange(action, token);
      if (result.ok) setDone(result.message);
      else setProblem(result.fields.token ?? result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={words.title} lead={words.lead} below={<TextLink to={paths.auth}>Log in</TextLink>}>
      <chakra.form onSubmit={submit} noValidate aria-label={words.title}>
        <Stack gap="4">
          <FormMessage message={problem} />
          {done ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Description>{done}</Alert.Description>
            </Alert.Root>
          ) : (
            <Button
              type="submit"
              colorPalette={action === 'undo' ? 'red' : 'brand'}
              loading={isBusy}
              loadingText={words.busy}
              width="full"
              disabled={token === ''}
            >
              {words.button}
            </Button>
          )}
        </Stack>
      </chakra.form>
    </AuthCard>
  );
}
