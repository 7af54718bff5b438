/** 'Confirm Deletion': the spec's warning, who is being deleted, Cancel and Delete User. */
import { USER_DELETE_CONFIRMATION } from '#domain/accounts/user-admin';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { applyChange } from '../../components/use-change-form';
import type { LocalUser } from '../../store/database';
import { deleteUserMutation } from './user-changes';

export function DeleteUserDialog({ user, isOpen, onClose }: { user: LocalUser; isOpen: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [isDeleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      const refusal = await applyChange(deleteUserMutation(user), `${user.name} was deleted`);
      if (refusal) setError(refusal);
      else onClose();
    } finally {
      setDeleting(false);
    }
  }

  return (
    <AppDialog
      title="Confirm Deletion"
      role="alertdialog"
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={isDeleting} onClick={() => void remove()}>
            Delete User
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{USER_DELETE_CONFIRMATION}</Text>
        <Text fontWeight="semibold">
          {user.id} · {user.name} · {user.email}
        </Text>
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
