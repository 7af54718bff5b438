/**
 * Settings → Email and phone: both change only with the current password (a stolen session
 * alone cannot move the account away). A new phone number applies at once; a new email only
 * from the link sent to it, and the old address is told, with a way to undo it for 7 days.
 * Online only, like the password: the change never waits on a device.
 */
import type { ContactChangeInput } from '#domain/accounts/contact-change';
import { formatPhone } from '#domain/validation/identity-checks';
import { Alert, Button, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { onDemand } from '../../components/loaded-when-open';
import { PlainField } from '../../components/plain-field';
import { useOnlineStatus } from '../../components/use-online-status';
import { refreshSession, type SessionUser } from '../../session/session-store';
import { changeContact, type ContactField } from '../../account/account-api';
import { PasswordInput } from '../../account/password-input';
import { useOnlineForm } from './use-online-form';

const rules = onDemand(() => import('#domain/accounts/contact-change').then((module) => module.contactChangeSchema));

export function ContactForm({ user }: { user: SessionUser }) {
  const isOnline = useOnlineStatus();
  const {
    values,
    setValues,
    errors,
    change: changeField,
    message,
    isSaving,
    formRef,
    send,
  } = useOnlineForm<Required<ContactChangeInput>>({
    email: user.email,
    phone: user.phone ? formatPhone(user.phone) : '',
    currentPassword: '',
  });
  const [done, setDone] = useState<string | null>(null);

  function change(field: ContactField, value: string) {
    changeField(field, value);
    setDone(null);
  }

  async function save() {
    setDone(null);
    const sent = await send(rules.load(), changeContact);
    if (!sent) return;
    setValues((current) => ({ ...current, currentPassword: '' }));
    setDone(sent.message);
    void refreshSession();
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="contact-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="4">
        <FormMessage message={message} />
        {done && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{done}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label="Email" error={errors.email} required>
          <Input
            type="email"
            value={values.email}
            autoComplete="email"
            onChange={(event) => change('email', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Phone" error={errors.phone}>
          <Input
            type="tel"
            value={values.phone}
            autoComplete="tel"
            placeholder="+260 97 123 4567"
            onChange={(event) => change('phone', event.currentTarget.value)}
          />
        </FormField>
        <PlainField label="Current Password" error={errors.currentPassword} required>
          {(control) => (
            <PasswordInput
              {...control}
              value={values.currentPassword}
              autoComplete="current-password"
              onChange={(event) => change('currentPassword', event.currentTarget.value)}
            />
          )}
        </PlainField>
        <Text fontSize="sm" color="fg.muted">
          {isOnline
            ? 'A new email changes only once you open the link we send to it; your current address is told and can undo it for 7 days.'
            : 'Changing your email or phone needs a connection.'}
        </Text>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSaving} disabled={!isOnline}>
          Change Email or Phone
        </Button>
      </Stack>
    </form>
  );
}
