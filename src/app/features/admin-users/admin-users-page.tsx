/** Admin: User Management (spec section 2): search, filters, the user table, and the add, view, edit and delete dialogs. */
import {
  ALL_USERS_FILTER,
  countActive,
  filterUsers,
  USER_TYPE_LABELS,
  type UserFilter,
} from '#domain/accounts/user-list';
import { USER_STATUSES, USER_TYPES } from '#domain/statuses/statuses';
import { Badge, Box, Button, Flex, Heading, HStack, IconButton, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { EyeIcon, PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { FilterSelect, SearchField } from '../../components/filter-fields';
import type { LocalUser } from '../../store/database';
import { DeleteUserDialog } from './delete-user-dialog';
import { formatDateTime } from '../../components/format-date-time';
import { useAdminUsers, useAdminUsersPulledAt } from './use-admin-users';
import { UserStatusBadge, UserTypeBadge } from './user-badges';
import { UserDetailsDialog } from './user-details-dialog';
import { UserFormDialog } from './user-form-dialog';

type OpenDialog = { kind: 'add' } | { kind: 'view' | 'edit' | 'delete'; userId: string } | null;

function RowActions({
  user,
  open,
}: {
  user: LocalUser;
  open: (kind: 'view' | 'edit' | 'delete', userId: string) => void;
}) {
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton size="sm" variant="ghost" aria-label={`View ${user.name}`} onClick={() => open('view', user.id)}>
        <EyeIcon />
      </IconButton>
      <IconButton size="sm" variant="ghost" aria-label={`Edit ${user.name}`} onClick={() => open('edit', user.id)}>
        <PencilIcon />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={`Delete ${user.name}`}
        onClick={() => open('delete', user.id)}
      >
        <TrashIcon />
      </IconButton>
    </HStack>
  );
}

/** A user's number, or 'New' until the server has given it one. */
const shownId = (user: LocalUser) => (/^USR-/.test(user.id) ? user.id : 'New');

function SyncMark({ user }: { user: LocalUser }) {
  if (user.syncState === 'pending')
    return (
      <Badge colorPalette="orange" variant="outline" size="sm">
        Saved on this device
      </Badge>
    );
  if (user.syncState === 'rejected')
    return (
      <Badge colorPalette="red" variant="outline" size="sm">
        Needs attention
      </Badge>
    );
  return null;
}

export function AdminUsersPage() {
  const users = useAdminUsers();
  const pulledAt = useAdminUsersPulledAt();
  const [filter, setFilter] = useState<UserFilter>(ALL_USERS_FILTER);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const shown = useMemo(() => filterUsers(users ?? [], filter), [users, filter]);
  const update = (patch: Partial<UserFilter>) => setFilter((current) => ({ ...current, ...patch }));
  const selected = dialog && dialog.kind !== 'add' ? users?.find((user) => user.id === dialog.userId) : undefined;
  const close = () => setDialog(null);
  const openRow = (kind: 'view' | 'edit' | 'delete', userId: string) => setDialog({ kind, userId });

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
      >
        <Box>
          <Heading as="h1" size="2xl">
            User Management
          </Heading>
          <Text color="fg.muted" mt="1">
            Accounts, roles and approvals.
          </Text>
        </Box>
        <Button colorPalette="brand" onClick={() => setDialog({ kind: 'add' })}>
          <PlusIcon /> Add User
        </Button>
      </Flex>

      <Flex gap="3" wrap="wrap">
        <SearchField
          label="Search users"
          placeholder="Search users..."
          minW="56"
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <FilterSelect
          label="Status"
          hideLabel
          allLabel="All Statuses"
          options={USER_STATUSES}
          value={filter.status}
          onChange={(status) => update({ status })}
          w="full-44"
        />
        <FilterSelect
          label="Type"
          hideLabel
          allLabel="All Types"
          options={USER_TYPES}
          optionLabel={(type) => USER_TYPE_LABELS[type]}
          value={filter.type}
          onChange={(type) => update({ type })}
          w="full-52"
        />
      </Flex>

      {users === undefined || (users.length === 0 && pulledAt === null) ? (
        <Flex justify="center" align="center" gap="3" py="16" direction="column" role="status">
          <Spinner color="brand.600" />
          <Text color="fg.muted">
            {pulledAt === null
              ? 'Loading users from the server… (this needs a connection the first time)'
              : 'Loading users…'}
          </Text>
        </Flex>
      ) : shown.length === 0 ? (
        <Box textAlign="center" py="16" borderWidth="1px" borderStyle="dashed" rounded="lg">
          <Text fontWeight="medium">No users found</Text>
          <Text color="fg.muted" fontSize="sm" mt="1">
            Try adjusting your search or filter criteria
          </Text>
        </Box>
      ) : (
        <>
          {/* On a phone each user is a card; from a tablet up, the table of the spec. */}
          <Stack as="ul" gap="3" listStyleType="none" hideFrom="md" aria-label="Users">
            {shown.map((user) => (
              <Box as="li" key={user.id} borderWidth="1px" rounded="lg" p="3">
                <Flex justify="space-between" gap="2" align="flex-start">
                  <Box minW="0">
                    <Text fontWeight="medium">{user.name}</Text>
                    <Text color="fg.muted" fontSize="sm" truncate>
                      {user.email}
                    </Text>
                    <Text fontFamily="mono" fontSize="xs" color="fg.muted">
                      {shownId(user)} · Last active {formatDateTime(user.lastActiveAt)}
                    </Text>
                  </Box>
                  <RowActions user={user} open={openRow} />
                </Flex>
                <HStack gap="2" mt="2" wrap="wrap">
                  <UserTypeBadge type={user.userType} />
                  <UserStatusBadge status={user.status} />
                  <SyncMark user={user} />
                </HStack>
              </Box>
            ))}
          </Stack>
          <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="md">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>User ID</Table.ColumnHeader>
                  <Table.ColumnHeader>User Info</Table.ColumnHeader>
                  <Table.ColumnHeader>Type</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Last Active</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.map((user) => (
                  <Table.Row key={user.id}>
                    <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                      {shownId(user)}
                    </Table.Cell>
                    <Table.Cell>
                      <Text fontWeight="medium">{user.name}</Text>
                      <Text color="fg.muted" fontSize="xs">
                        {user.email}
                      </Text>
                      <SyncMark user={user} />
                    </Table.Cell>
                    <Table.Cell>
                      <UserTypeBadge type={user.userType} />
                    </Table.Cell>
                    <Table.Cell>
                      <UserStatusBadge status={user.status} />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(user.lastActiveAt)}</Table.Cell>
                    <Table.Cell>
                      <RowActions user={user} open={openRow} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}

      <Flex justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted" role="status" aria-live="polite">
        <Text>
          Showing {shown.length} of {users?.length ?? 0} users
        </Text>
        <Text>Total Active: {countActive(users ?? [])}</Text>
      </Flex>

      <UserFormDialog key="add" user={null} isOpen={dialog?.kind === 'add'} onClose={close} />
      {selected && dialog?.kind === 'view' && (
        <UserDetailsDialog
          user={selected}
          isOpen
          onClose={close}
          onEdit={() => setDialog({ kind: 'edit', userId: selected.id })}
        />
      )}
      {selected && dialog?.kind === 'edit' && (
        <UserFormDialog key={`edit-${selected.id}`} user={selected} isOpen onClose={close} />
      )}
      {selected && dialog?.kind === 'delete' && <DeleteUserDialog user={selected} isOpen onClose={close} />}
    </Stack>
  );
}
