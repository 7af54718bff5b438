/** The administrator's changes to accounts, as mutations for the one write path. */
import type { AddUser, EditUser, UserDetails } from '#domain/accounts/user-admin';
import type { LocalUser } from '../../store/database';
import type { Mutation } from '../../store/mutate';

export function addUserMutation(value: AddUser): Mutation<LocalUser> {
  const { id, name, email, userType, status } = value;
  const details = { id, name, email, userType, status };
  return {
    intent: 'addUser',
    table: 'adminUsers',
    // The row shows at once; the server gives the account its USR- number and the next pull brings it.
    row: {
      ...details,
      phone: null,
      requestedRole: null,
      businessName: null,
      licenseNumber: null,
      roles: [],
      lastActiveAt: null,
      createdAt: new Date().toISOString(),
    },
    payload: value,
  };
}

export function editUserMutation(user: LocalUser, details: UserDetails): Mutation<LocalUser> {
  const value: EditUser = { id: user.id, ...details };
  return { intent: 'editUser', table: 'adminUsers', row: { ...user, ...details }, payload: value };
}

export function setStatusMutation(user: LocalUser, status: LocalUser['status']): Mutation<LocalUser> {
  return editUserMutation(user, { name: user.name, email: user.email, userType: user.userType, status });
}

export function deleteUserMutation(user: LocalUser): Mutation<LocalUser> {
  return { intent: 'deleteUser', table: 'adminUsers', row: { ...user, isDeleted: true }, payload: { id: user.id } };
}
