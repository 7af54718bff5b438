// The administrator's User Management (spec sections 5 and 6): the search and filters,
// the footer counts, which roles a user holds for their type and status, and the guard
// that keeps at least one active administrator. The add and edit forms' rules (zod) are
// in user-admin.ts, so the users screen needs no zod until a form is sent.
import { isOneOf, USER_STATUSES, USER_TYPES, type UserStatus, type UserType } from '../statuses/statuses';
import type { Role } from './permissions';

export const USER_ROLE_OF_TYPE: Record<UserType, Role> = {
  Customer: 'buyer',
  AGENT: 'agent',
  INSURANCE_AGENT: 'insurance_agent',
  POLICE: 'police',
  ADMIN: 'admin',
};

/** Labels shown for each user type in the admin screen's filter and badges. */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  Customer: 'Customer',
  AGENT: 'AGENT',
  INSURANCE_AGENT: 'INSURANCE_AGENT',
  POLICE: 'POLICE',
  ADMIN: 'ADMIN',
};

/**
 * The roles a user holds: the one their type grants, once an administrator has
 * approved them (a Pending account holds none). Suspended and Inactive accounts keep
 * their role on paper but cannot sign in, so it grants nothing.
 */
export function rolesFor(userType: UserType, status: UserStatus): Role[] {
  return status === 'Pending' ? [] : [USER_ROLE_OF_TYPE[userType]];
}

/** Statuses under which a person can sign in and use what their role allows. */
export function maySignIn(status: UserStatus): boolean {
  return status === 'Active' || status === 'Pending';
}

export const USER_DELETE_CONFIRMATION = 'Are you sure you want to delete this user? This action cannot be undone.';
export const LAST_ADMIN_MESSAGE =
  'This is the last active administrator. Make another user an active administrator first.';
export const SELF_CHANGE_MESSAGE = 'You cannot suspend, demote or delete your own account. Ask another administrator.';

/** The add and edit forms' details, as the form holds them. */
export interface UserDetailsInput {
  name: string;
  email: string;
  userType: UserType;
  status: UserStatus;
}

export const EMPTY_USER_DETAILS: UserDetailsInput = { name: '', email: '', userType: 'Customer', status: 'Active' };

/** What the list needs of a user: enough to search, filter and count. */
export interface ListedUser {
  id: string;
  name: string;
  email: string;
  userType: UserType;
  status: UserStatus;
}

export interface UserFilter {
  search: string;
  /** 'all' or one of USER_STATUSES */
  status: string;
  /** 'all' or one of USER_TYPES */
  type: string;
}

export const ALL_USERS_FILTER: UserFilter = { search: '', status: 'all', type: 'all' };

/** Case-insensitive search on name, id or email, combined with the status and type filters. */
export function filterUsers<T extends ListedUser>(users: readonly T[], filter: UserFilter): T[] {
  const needle = filter.search.trim().toLowerCase();
  const status = isOneOf(USER_STATUSES, filter.status) ? filter.status : null;
  const type = isOneOf(USER_TYPES, filter.type) ? filter.type : null;
  return users.filter(
    (user) =>
      (status === null || user.status === status) &&
      (type === null || user.userType === type) &&
      (needle === '' ||
        user.name.toLowerCase().includes(needle) ||
        user.id.toLowerCase().includes(needle) ||
        user.email.toLowerCase().includes(needle)),
  );
}

export function countActive(users: readonly Pick<ListedUser, 'status'>[]): number {
  return users.filter((user) => user.status === 'Active').length;
}

const isActiveAdmin = (user: Pick<ListedUser, 'userType' | 'status'>) =>
  user.userType === 'ADMIN' && user.status === 'Active';

/**
 * Why a change to a user must be refused, or null when it may go ahead. `after` is
 * the user as the change leaves them (null for a deletion); `activeAdmins` counts
 * active administrators before the change.
 */
export function refusalOfUserChange(
  actorId: string,
  before: Pick<ListedUser, 'id' | 'userType' | 'status'>,
  after: Pick<ListedUser, 'userType' | 'status'> | null,
  activeAdmins: number,
): string | null {
  const losesAdmin = isActiveAdmin(before) && (after === null || !isActiveAdmin(after));
  if (before.id === actorId && losesAdmin) return SELF_CHANGE_MESSAGE;
  if (losesAdmin && activeAdmins <= 1) return LAST_ADMIN_MESSAGE;
  return null;
}
