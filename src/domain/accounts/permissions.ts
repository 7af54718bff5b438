// Who may do what: one table of roles and actions, read by the server (which denies
// by default) and by the app (which shows only what the user may use).
import type { AccountTypeId, UserType } from '../statuses/statuses';

export const ROLES = ['buyer', 'agent', 'insurance_agent', 'police', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Actions a route or screen can require, beyond being public or merely signed in. */
export const PERMISSIONS = {
  'users:manage': ['admin'],
  'audit:read': ['admin'],
  /** Recording whitebook sales, manufacturing and blank stock for one's own shop. */
  'workspace:record': ['agent'],
  /** Keeping the verification registry on a device, for checks with no signal. */
  'registry:copy': ['police', 'admin'],
  /** Roadside checks that show the owner's name and are logged, and flags on suspect plates. */
  'police:check': ['police'],
  /** Deciding flagged plates, revoking plates and reading any plate's credential. */
  'registry:manage': ['admin'],
  /** Approving and rejecting plate requests, which allocates numbers and assigns plate makers. */
  'requests:review': ['admin'],
  /** Marking bank transfers received, and reading anyone's payment. */
  'payments:confirm': ['admin'],
  /** Prices, fees and durations, with their history. */
  'settings:manage': ['admin'],
  /** Allocating plate blanks to plate-maker shops and reconciling what they received. */
  'inventory:manage': ['admin'],
  /** The System Dashboard's figures, activity and logs. */
  'reports:read': ['admin'],
  /** An insurance agent's own customers and the policies they issue on registered plates. */
  'insurance:manage': ['insurance_agent'],
  /** Partner organisations, their API keys and their usage of the partner API. */
  'partners:manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

/** What a route declares it needs. 'public': anyone; 'signed-in': any active session. */
export type Access = 'public' | 'signed-in' | Permission;

/**
 * What an HTTP route may declare besides an Access: 'partner-key', called by another system with
 * an API key an administrator issued (docs/partner-api.md), never with a person's session.
 */
export type RouteAccess = Access | 'partner-key';

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

export function rolesAllowed(access: Access): readonly Role[] | 'anyone' | 'any-signed-in' {
  if (access === 'public') return 'anyone';
  if (access === 'signed-in') return 'any-signed-in';
  return PERMISSIONS[access];
}

export function can(roles: readonly Role[], permission: Permission): boolean {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

/**
 * A new account's starting point. Buyers are active at once; plate makers and
 * officers wait until an administrator has checked their business or badge details
 * and only then receive their role.
 */
export function initialAccount(type: AccountTypeId): {
  roles: Role[];
  requestedRole: Role | null;
  status: 'Active' | 'Pending';
  userType: UserType;
} {
  switch (type) {
    case 'agent':
      return { roles: [], requestedRole: 'agent', status: 'Pending', userType: 'AGENT' };
    case 'law':
      return { roles: [], requestedRole: 'police', status: 'Pending', userType: 'POLICE' };
    default:
      return { roles: ['buyer'], requestedRole: null, status: 'Active', userType: 'Customer' };
  }
}
