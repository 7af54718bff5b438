/** A user's details, with the business details an administrator checks before approving a plate maker or officer. */
import { Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { applyChange } from '../../components/use-change-form';
import type { LocalUser } from '../../store/database';
import { formatDateTime } from '../../components/format-date-time';
import { UserStatusBadge, UserTypeBadge } from './user-badges';
import { setStatusMutation } from './user-changes';

const ROLE_LABELS: Record<string, string> = {
  buyer: 'Buyer',
  agent: 'Agent (plate maker)',
  insurance_agent: 'Insurance agent',
  police: 'Law enforcement',
  admin: 'Administrator',
};

export function UserDetailsDialog({
  user,
  isOpen,
  onClose,
  onEdit,
}: {
  user: LocalUser;
  isOpen: boolean;
  onClose: () => void;
  onEdit: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function setStatus(label: string, status: LocalUser['status'], done: string) {
    setBusy(label);
    setError(null);
    try {
      const refusal = await applyChange(setStatusMutation(user, status), done);
      if (refusal) setError(refusal);
      else onClose();
    } finally {
      setBusy(null);
    }
  }

  const rows: Array<[string, React.ReactNode]> = [
    ['User ID', user.id],
    ['Name', user.name],
    ['Email', user.email],
    ['Phone', user.phone ?? '—'],
    ['Type', <UserTypeBadge key="type" type={user.userType} />],
    ['Status', <UserStatusBadge key="status" status={user.status} />],
    ['Roles', user.roles.length > 0 ? user.roles.map((role) => ROLE_LABELS[role] ?? role).join(', ') : 'None yet'],
    ['Business Name', user.businessName ?? '—'],
    ['License Number', user.licenseNumber ?? '—'],
    ['Joined', formatDateTime(user.createdAt)],
    ['Last Active', formatDateTime(user.lastActiveAt)],
  ];

  return (
    <AppDialog
      title="User Details"
      isOpen={isOpen}
      onClose={onClose}
      footer={
        <HStack gap="2" wrap="wrap" justify="flex-end" w="full">
          {user.status === 'Pending' && (
            <Button
              colorPalette="green"
              loading={busy === 'approve'}
              onClick={() => void setStatus('approve', 'Active', `${user.name} was approved`)}
            >
              Approve
            </Button>
          )}
          {user.status === 'Active' && (
            <Button
              colorPalette="red"
              variant="outline"
              loading={busy === 'suspend'}
              onClick={() => void setStatus('suspend', 'Suspended', `${user.name} was suspended`)}
            >
              Suspend
            </Button>
          )}
          {(user.status === 'Suspended' || user.status === 'Inactive') && (
            <Button
              colorPalette="green"
              variant="outline"
              loading={busy === 'reactivate'}
              onClick={() => void setStatus('reactivate', 'Active', `${user.name} was reactivated`)}
            >
              Reactivate
            </Button>
          )}
          <Button variant="outline" onClick={onEdit}>
            Edit
          </Button>
        </HStack>
      }
    >
      <Stack gap="4">
        {user.status === 'Pending' && user.requestedRole && (
          <Text>
            Asked to be {user.requestedRole === 'agent' ? 'a plate maker (agent)' : 'a law-enforcement officer'}. Check
            the business name and licence number before approving.
          </Text>
        )}
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
        <DataList.Root orientation="horizontal" size="sm">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Stack>
    </AppDialog>
  );
}
