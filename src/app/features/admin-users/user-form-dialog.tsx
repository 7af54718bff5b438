/**
 * Add User and Edit User: the same fields, each with its message. Adding sends the new user an
 * invitation link to choose their own password; no password is set or shown here.
 */
import { EMPTY_USER_DETAILS, USER_TYPE_LABELS, type UserDetailsInput } from '#domain/accounts/user-list';
import { USER_STATUSES, USER_TYPES } from '#domain/statuses/statuses';
import { Alert, Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { onDemand } from '../../components/loaded-when-open';
import { toastChange, useChangeForm } from '../../components/use-change-form';
import { useOnlineStatus } from '../../components/use-online-status';
import type { LocalUser } from '../../store/database';
import { newId } from '../../store/new-id';
import { addUserMutation, editUserMutation } from './user-changes';

type Field = keyof UserDetailsInput | 'form';

export const INVITATION_NOTE =
  'The new user gets an invitation by email (and SMS when they have a mobile number) with a link to choose their own password. No password is shown here.';

// The forms' rules (zod) load once the page is idle (or with the first save), not with the page.
const rules = onDemand(() => import('#domain/accounts/user-admin'));

export function UserFormDialog({
  user,
  isOpen,
  onClose,
}: {
  user: LocalUser | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const isAdding = user === null;
  const isOnline = useOnlineStatus();
  const initial: UserDetailsInput = user
    ? { name: user.name, email: user.email, userType: user.userType, status: user.status }
    : EMPTY_USER_DETAILS;
  const [values, setValues] = useState<UserDetailsInput>(initial);
  const { errors, clearError, formMessage, isSubmitting, formRef, submit, reset } = useChangeForm<Field>();

  function change<K extends keyof UserDetailsInput>(field: K, value: UserDetailsInput[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function close() {
    setValues(initial);
    reset();
    onClose();
  }

  async function save() {
    const result = isAdding
      ? await submit(
          rules.load().then((module) => module.addUserSchema),
          { ...values, id: newId() },
          addUserMutation,
        )
      : await submit(
          rules.load().then((module) => module.userDetailsSchema),
          values,
          (details) => editUserMutation(user, details),
        );
    if (result === 'sent' || result === 'queued') {
      toastChange(result, isAdding ? `${values.name.trim()} was added and invited` : 'Changes saved');
      setValues(EMPTY_USER_DETAILS);
      reset();
      onClose();
    }
  }

  const formId = isAdding ? 'add-user-form' : 'edit-user-form';
  return (
    <AppDialog
      title={isAdding ? 'Add User' : 'Edit User'}
      isOpen={isOpen}
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette="brand"
            loading={isSubmitting}
            disabled={isAdding && !isOnline}
          >
            {isAdding ? 'Add User' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="4">
          <FormMessage message={formMessage} />
          {isAdding && !isOnline && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>Adding a user needs a connection, so that the invitation goes out at once.</Alert.Title>
            </Alert.Root>
          )}
          <FormField label="Full Name" error={errors.name} required>
            <Input
              value={values.name}
              autoComplete="off"
              onChange={(event) => change('name', event.currentTarget.value)}
            />
          </FormField>
          <FormField label="Email" error={errors.email} required>
            <Input
              type="email"
              value={values.email}
              autoComplete="off"
              onChange={(event) => change('email', event.currentTarget.value)}
            />
          </FormField>
          <FormField label="User Type" error={errors.userType} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.userType}
                onChange={(event) => change('userType', event.currentTarget.value as UserDetailsInput['userType'])}
              >
                {USER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {USER_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Status" error={errors.status} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.status}
                onChange={(event) => change('status', event.currentTarget.value as UserDetailsInput['status'])}
              >
                {USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {isAdding && (
            <Text fontSize="sm" color="fg.muted">
              {INVITATION_NOTE}
            </Text>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
