/** Settings for every role: the profile (name), the email and phone (with the password), the password, a plate shop's address and hours, and the signed-in devices. */
import type { PasswordChange, Profile, ProfileInput } from '#domain/accounts/profile';
import { formatPhone } from '#domain/validation/identity-checks';
import { Box, Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useStoreQuery } from '../../store/use-store-query';
import { useState } from 'react';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { onDemand } from '../../components/loaded-when-open';
import { PlainField } from '../../components/plain-field';
import { showToast } from '../../components/toast';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import { useOnlineStatus } from '../../components/use-online-status';
import { refreshSession, type SessionUser, setSignedIn } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import type { LocalProfile } from '../../store/database';
import { changePassword } from '../../account/account-api';
import { PasswordInput } from '../../account/password-input';
import { ContactForm } from './contact-form';
import { useOnlineForm } from './use-online-form';
import { SessionsList } from './sessions-list';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { ShopPlaceForm } from './shop-place-form';

// The forms' rules load once the page is idle (or with the first save), not with the page.
const rules = onDemand(() => import('#domain/accounts/profile'));

function ProfileForm({ user, saved }: { user: SessionUser; saved: LocalProfile | undefined }) {
  // An edit still waiting on this device is what the user last chose; otherwise the server's copy.
  // The email and phone are the account's: they change only with the password (ContactForm).
  const source = saved && saved.syncState !== 'synced' ? saved : { name: user.name };
  const [values, setValues] = useState<ProfileInput>({
    name: source.name,
    email: user.email,
    phone: user.phone ? formatPhone(user.phone) : '',
  });
  const { errors, clearError, formMessage, isSubmitting, formRef, submit } = useChangeForm<
    keyof ProfileInput | 'form'
  >();

  function change(field: keyof ProfileInput, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  async function save() {
    const accepted: { profile?: Profile } = {};
    const result = await submit(
      rules.load().then((module) => module.profileSchema),
      values,
      (profile) => {
        accepted.profile = profile;
        return {
          intent: 'updateProfile',
          table: 'profiles',
          row: { id: user.id, ...profile },
          payload: { ...profile, phone: profile.phone ?? '' },
        };
      },
    );
    if (result !== 'sent' && result !== 'queued') return;
    if (accepted.profile) {
      const { profile } = accepted;
      setSignedIn({ ...user, ...profile });
      setValues({ ...profile, phone: profile.phone ? formatPhone(profile.phone) : '' });
    }
    toastChange(result, 'Profile saved');
    if (result === 'sent') void refreshSession();
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="profile-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="4">
        <FormMessage message={formMessage} />
        <FormField label="Full Name" error={errors.name} required>
          <Input
            value={values.name}
            autoComplete="name"
            onChange={(event) => change('name', event.currentTarget.value)}
          />
        </FormField>
        {saved?.syncState === 'pending' && (
          <Text fontSize="sm" color="fg.muted">
            Your last change is saved on this device and will be sent when you are back online.
          </Text>
        )}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
          Save Profile
        </Button>
      </Stack>
    </form>
  );
}

const EMPTY_PASSWORDS: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const isOnline = useOnlineStatus();
  const { values, setValues, errors, change, message, isSaving, formRef, send } =
    useOnlineForm<PasswordChange>(EMPTY_PASSWORDS);

  async function save() {
    const sent = await send(
      rules.load().then((loaded) => loaded.passwordChangeSchema),
      changePassword,
    );
    if (!sent) return;
    setValues(EMPTY_PASSWORDS);
    showToast({
      type: 'success',
      title: 'Password changed',
      description: 'You stay signed in here; other devices were signed out.',
      closable: true,
    });
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="password-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="4">
        <FormMessage message={message} />
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
        <PlainField label="New Password" error={errors.newPassword} required>
          {(control) => (
            <PasswordInput
              {...control}
              value={values.newPassword}
              autoComplete="new-password"
              onChange={(event) => change('newPassword', event.currentTarget.value)}
            />
          )}
        </PlainField>
        <PlainField label="Confirm New Password" error={errors.confirmPassword} required>
          {(control) => (
            <PasswordInput
              {...control}
              value={values.confirmPassword}
              autoComplete="new-password"
              onChange={(event) => change('confirmPassword', event.currentTarget.value)}
            />
          )}
        </PlainField>
        {!isOnline && (
          <Text fontSize="sm" color="fg.muted">
            Changing your password needs a connection.
          </Text>
        )}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSaving} disabled={!isOnline}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}

export function SettingsPage() {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const saved = useStoreQuery((db) => (user ? db.profiles.get(user.id) : undefined), [user?.id]);
  if (!user) return null;
  return (
    <Stack gap="6" maxW="2xl">
      <Box>
        <Heading as="h1" size="2xl">
          Settings
        </Heading>
        <Text color="fg.muted" mt="1">
          Your profile, email and phone, password, and the devices signed in.
        </Text>
      </Box>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md" id="profile-heading">
            Profile
          </Heading>
        </Card.Header>
        <Card.Body>
          <ProfileForm key={saved?.syncState ?? 'server'} user={user} saved={saved} />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md" id="contact-heading">
            Email and Phone
          </Heading>
        </Card.Header>
        <Card.Body>
          {/* Drawn again when the server's answer differs from the device's copy of the account
              (a change made just before a reload, or on another device): never the old phone. */}
          <ContactForm key={`${user.id} ${user.email} ${user.phone ?? ''}`} user={user} />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md" id="password-heading">
            Password
          </Heading>
        </Card.Header>
        <Card.Body>
          <PasswordForm />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md" id="notifications-heading">
            Notifications
          </Heading>
        </Card.Header>
        <Card.Body>
          <NotificationPreferencesForm hasPhone={Boolean(user.phone)} />
        </Card.Body>
      </Card.Root>
      {user.roles.includes('agent') && (
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md" id="shop-place-heading">
              Your Plate Shop
            </Heading>
          </Card.Header>
          <Card.Body>
            <ShopPlaceForm />
          </Card.Body>
        </Card.Root>
      )}
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md" id="sessions-heading">
            Signed-in Devices
          </Heading>
        </Card.Header>
        <Card.Body>
          <SessionsList />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
