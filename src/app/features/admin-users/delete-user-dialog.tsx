/** 'Confirm Deletion': the spec's warning, who is being deleted, Cancel and Delete User. */
import { USER_DELETE_CONFIRMATION } from '#domain/accounts/user-list';
import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { applyChange } from '../../components/use-change-form';
import type { LocalUser } from '../../store/database';
import { deleteUserMutation } from './user-changes';

export function DeleteUserDialog({ user, isOpen, onClose }: { user: LocalUser; isOpen: boolean; onClose: () => void }) {
  if (!isOpen) return null;
  return (
    <ConfirmDialog
      title="Confirm Deletion"
      confirmLabel="Delete User"
      onConfirm={() => applyChange(deleteUserMutation(user), `${user.name} was deleted`)}
      onClose={onClose}
    >
      <Text>{USER_DELETE_CONFIRMATION}</Text>
      <Text fontWeight="semibold">
        {user.id} · {user.name} · {user.email}
      </Text>
    </ConfirmDialog>
  );
}
