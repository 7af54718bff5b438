import { describe, expect, it } from 'vitest';
import { can, initialAccount, isPermission, PERMISSIONS, rolesAllowed } from '#domain/accounts/permissions';

describe('permissions', () => {
  it('lets only administrators manage users', () => {
    expect(can(['admin'], 'users:manage')).toBe(true);
    for (const role of ['buyer', 'agent', 'insurance_agent', 'police'] as const)
      expect(can([role], 'users:manage')).toBe(false);
    expect(can([], 'users:manage')).toBe(false);
  });

  it('describes public and signed-in access apart from role lists', () => {
    expect(rolesAllowed('public')).toBe('anyone');
    expect(rolesAllowed('signed-in')).toBe('any-signed-in');
    expect(rolesAllowed('users:manage')).toEqual(PERMISSIONS['users:manage']);
    expect(isPermission('users:manage')).toBe(true);
    expect(isPermission('toString')).toBe(false);
  });

  it('makes buyers active at once and keeps agents and officers pending without a role', () => {
    expect(initialAccount('individual')).toEqual({
      roles: ['buyer'],
      requestedRole: null,
      status: 'Active',
      userType: 'Customer',
    });
    expect(initialAccount('fleet').roles).toEqual(['buyer']);
    expect(initialAccount('corporate').roles).toEqual(['buyer']);
    expect(initialAccount('agent')).toEqual({
      roles: [],
      requestedRole: 'agent',
      status: 'Pending',
      userType: 'AGENT',
    });
    expect(initialAccount('law')).toEqual({
      roles: [],
      requestedRole: 'police',
      status: 'Pending',
      userType: 'POLICE',
    });
  });
});
