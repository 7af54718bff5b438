import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addUserSchema,
  ALL_USERS_FILTER,
  countActive,
  editUserSchema,
  EMPTY_USER_DETAILS,
  filterUsers,
  LAST_ADMIN_MESSAGE,
  maySignIn,
  refusalOfUserChange,
  rolesFor,
  SELF_CHANGE_MESSAGE,
  USER_ROLE_OF_TYPE,
  userDetailsSchema,
} from '#domain/accounts/user-admin';
import type { ListedUser, UserFilter } from '#domain/accounts/user-admin';
import { USER_STATUSES, USER_TYPES } from '#domain/statuses/statuses';
import type { UserStatus, UserType } from '#domain/statuses/statuses';
import { validate } from '#domain/validation/validate';

function user(
  id: string,
  name: string,
  email: string,
  userType: UserType = 'Customer',
  status: UserStatus = 'Active',
): ListedUser {
  return { id, name, email, userType, status };
}

const SAMPLE: readonly ListedUser[] = [
  user('u-001', 'Chanda Mulenga', 'chanda@example.zm'),
  user('u-002', 'Mwila Banda', 'mwila@plates.co.zm', 'AGENT', 'Pending'),
  user('u-003', 'Thandiwe Phiri', 'thandiwe@zrsa.gov.zm', 'POLICE', 'Suspended'),
  user('u-004', 'Bwalya Tembo', 'admin@nambala.zm', 'ADMIN'),
  user('x-777', 'Natasha Zulu', 'natasha@insure.zm', 'INSURANCE_AGENT', 'Inactive'),
];

const filter = (overrides: Partial<UserFilter>): UserFilter => ({ ...ALL_USERS_FILTER, ...overrides });
const ids = (users: readonly ListedUser[]) => users.map((u) => u.id);

const details = { name: 'Chanda Mulenga', email: 'chanda@example.zm', userType: 'Customer', status: 'Active' };
const UUID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('rolesFor', () => {
  it('grants the role of the user type once the account is no longer pending', () => {
    for (const type of USER_TYPES) {
      for (const status of USER_STATUSES.filter((s) => s !== 'Pending')) {
        expect(rolesFor(type, status)).toEqual([USER_ROLE_OF_TYPE[type]]);
      }
    }
  });

  it('grants no role to a pending account of any type', () => {
    for (const type of USER_TYPES) expect(rolesFor(type, 'Pending')).toEqual([]);
  });

  it('maps each user type to its role', () => {
    expect(USER_ROLE_OF_TYPE).toEqual({
      Customer: 'buyer',
      AGENT: 'agent',
      INSURANCE_AGENT: 'insurance_agent',
      POLICE: 'police',
      ADMIN: 'admin',
    });
  });
});

describe('maySignIn', () => {
  it('lets active and pending accounts sign in but not suspended or inactive ones', () => {
    expect(USER_STATUSES.filter(maySignIn)).toEqual(['Active', 'Pending']);
  });
});

describe('userDetailsSchema', () => {
  it('accepts a valid user and trims the name and email', () => {
    expect(
      validate(userDetailsSchema, { ...details, name: '  Chanda Mulenga ', email: ' chanda@example.zm  ' }),
    ).toEqual({ ok: true, value: details });
  });

  it('starts the form blank as an active customer and asks for the name and email', () => {
    expect(validate(userDetailsSchema, EMPTY_USER_DETAILS)).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is required' },
    });
  });

  it('says the name and email are required when missing or only spaces', () => {
    expect(validate(userDetailsSchema, { userType: 'Customer', status: 'Active' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is required' },
    });
    expect(validate(userDetailsSchema, { ...details, name: '   ', email: ' \t ' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is required' },
    });
  });

  it('limits the name to 100 characters and the email to 254', () => {
    expect(validate(userDetailsSchema, { ...details, name: 'a'.repeat(100) }).ok).toBe(true);
    expect(validate(userDetailsSchema, { ...details, name: 'a'.repeat(101) })).toEqual({
      ok: false,
      errors: { name: 'Name must be at most 100 characters' },
    });
    expect(validate(userDetailsSchema, { ...details, email: `${'a'.repeat(250)}@x.zm` })).toEqual({
      ok: false,
      errors: { email: 'Email must be at most 254 characters' },
    });
  });

  it('asks for a valid email address', () => {
    for (const email of ['chanda', 'chanda@', '@example.zm', 'chanda example.zm']) {
      expect(validate(userDetailsSchema, { ...details, email })).toEqual({
        ok: false,
        errors: { email: 'Please enter a valid email address' },
      });
    }
  });

  it('asks for a known user type and status', () => {
    expect(validate(userDetailsSchema, { ...details, userType: 'SUPERUSER', status: 'Banned' })).toEqual({
      ok: false,
      errors: { userType: 'Please choose a user type', status: 'Please choose a status' },
    });
    expect(validate(userDetailsSchema, { name: 'A', email: 'a@b.zm' })).toEqual({
      ok: false,
      errors: { userType: 'Please choose a user type', status: 'Please choose a status' },
    });
  });

  it('accepts every user type and status', () => {
    for (const userType of USER_TYPES) {
      for (const status of USER_STATUSES)
        expect(validate(userDetailsSchema, { ...details, userType, status }).ok).toBe(true);
    }
  });

  it('does not crash on input that is not an object', () => {
    expect(validate(userDetailsSchema, null).ok).toBe(false);
    expect(validate(userDetailsSchema, 'user').ok).toBe(false);
  });
});

describe('addUserSchema', () => {
  const added = { ...details, id: UUID };

  it('accepts a new user with a UUID and no password: the user chooses one through the invitation', () => {
    expect(validate(addUserSchema, added)).toEqual({ ok: true, value: added });
    expect(validate(addUserSchema, { ...added, id: UUID.toUpperCase() }).ok).toBe(true);
  });

  it('says the id must be a UUID', () => {
    expect(validate(addUserSchema, { ...added, id: 'u-001' })).toEqual({
      ok: false,
      errors: { id: 'id must be a UUID' },
    });
    expect(validate(addUserSchema, { ...added, id: `${UUID}0` })).toEqual({
      ok: false,
      errors: { id: 'id must be a UUID' },
    });
    expect(validate(addUserSchema, { ...added, id: UUID.replace('3', 'g') })).toEqual({
      ok: false,
      errors: { id: 'id must be a UUID' },
    });
    expect(validate(addUserSchema, { ...added, id: undefined })).toEqual({
      ok: false,
      errors: { id: 'id must be a UUID' },
    });
  });

  it('takes no password from the administrator: one sent is not kept', () => {
    const result = validate(addUserSchema, { ...added, temporaryPassword: 'temp-pass-1' });
    expect(result).toEqual({ ok: true, value: added });
  });

  it('still checks the user details', () => {
    expect(validate(addUserSchema, { ...added, name: '', email: 'x' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Please enter a valid email address' },
    });
  });
});

describe('editUserSchema', () => {
  const edited = { ...details, id: 'u-001' };

  it('accepts an edit of an existing user and trims the id', () => {
    expect(validate(editUserSchema, { ...edited, id: ' u-001 ' })).toEqual({ ok: true, value: edited });
  });

  it('says the user ID is required when missing or blank', () => {
    expect(validate(editUserSchema, { ...edited, id: '  ' })).toEqual({
      ok: false,
      errors: { id: 'User ID is required' },
    });
    expect(validate(editUserSchema, details)).toEqual({ ok: false, errors: { id: 'User ID is required' } });
  });

  it('limits the user ID to 40 characters', () => {
    expect(validate(editUserSchema, { ...edited, id: 'a'.repeat(40) }).ok).toBe(true);
    expect(validate(editUserSchema, { ...edited, id: 'a'.repeat(41) })).toEqual({
      ok: false,
      errors: { id: 'User ID must be at most 40 characters' },
    });
  });

  it('does not ask for a temporary password', () => {
    const result = validate(editUserSchema, { ...edited, temporaryPassword: 'x' });
    expect(result).toEqual({ ok: true, value: edited });
  });
});

describe('filterUsers', () => {
  it('keeps everyone with no search and both filters on all', () => {
    expect(ids(filterUsers(SAMPLE, ALL_USERS_FILTER))).toEqual(['u-001', 'u-002', 'u-003', 'u-004', 'x-777']);
  });

  it('searches names, ids and emails case-insensitively as a substring', () => {
    expect(ids(filterUsers(SAMPLE, filter({ search: 'BANDA' })))).toEqual(['u-002']);
    expect(ids(filterUsers(SAMPLE, filter({ search: 'X-7' })))).toEqual(['x-777']);
    expect(ids(filterUsers(SAMPLE, filter({ search: 'GOV.zm' })))).toEqual(['u-003']);
    expect(ids(filterUsers(SAMPLE, filter({ search: 'u-00' })))).toEqual(['u-001', 'u-002', 'u-003', 'u-004']);
  });

  it('ignores spaces around the search text', () => {
    expect(ids(filterUsers(SAMPLE, filter({ search: '  tembo \t' })))).toEqual(['u-004']);
    expect(ids(filterUsers(SAMPLE, filter({ search: '   ' })))).toEqual(ids(SAMPLE));
  });

  it('filters by status and by type', () => {
    expect(ids(filterUsers(SAMPLE, filter({ status: 'Active' })))).toEqual(['u-001', 'u-004']);
    expect(ids(filterUsers(SAMPLE, filter({ type: 'POLICE' })))).toEqual(['u-003']);
  });

  it('combines the search with both filters', () => {
    expect(ids(filterUsers(SAMPLE, filter({ search: '.zm', status: 'Active', type: 'ADMIN' })))).toEqual(['u-004']);
    expect(filterUsers(SAMPLE, filter({ search: 'chanda', type: 'ADMIN' }))).toEqual([]);
  });

  it('treats an unknown status or type as no filter', () => {
    expect(ids(filterUsers(SAMPLE, filter({ status: 'Banned', type: 'SUPERUSER' })))).toEqual(ids(SAMPLE));
    expect(ids(filterUsers(SAMPLE, filter({ status: 'active' })))).toEqual(ids(SAMPLE));
  });

  it('returns the same user objects and leaves the input alone', () => {
    const input = [...SAMPLE];
    const result = filterUsers(input, filter({ type: 'ADMIN' }));
    expect(result[0]).toBe(SAMPLE[3]);
    expect(ids(input)).toEqual(ids(SAMPLE));
  });
});

describe('countActive', () => {
  it('counts only active users', () => {
    expect(countActive(SAMPLE)).toBe(2);
    expect(countActive([])).toBe(0);
    expect(countActive([{ status: 'Pending' }, { status: 'Suspended' }, { status: 'Inactive' }])).toBe(0);
  });
});

describe('refusalOfUserChange', () => {
  const admin = { id: 'admin-1', userType: 'ADMIN', status: 'Active' } as const;
  const other = { id: 'admin-2', userType: 'ADMIN', status: 'Active' } as const;

  it('refuses to let an active administrator suspend, demote or delete themselves', () => {
    expect(refusalOfUserChange('admin-1', admin, { userType: 'ADMIN', status: 'Suspended' }, 5)).toBe(
      SELF_CHANGE_MESSAGE,
    );
    expect(refusalOfUserChange('admin-1', admin, { userType: 'Customer', status: 'Active' }, 5)).toBe(
      SELF_CHANGE_MESSAGE,
    );
    expect(refusalOfUserChange('admin-1', admin, null, 5)).toBe(SELF_CHANGE_MESSAGE);
  });

  it('gives the self-change message before the last-administrator message', () => {
    expect(refusalOfUserChange('admin-1', admin, null, 1)).toBe(SELF_CHANGE_MESSAGE);
  });

  it('lets an administrator edit their own details while staying an active administrator', () => {
    expect(refusalOfUserChange('admin-1', admin, { userType: 'ADMIN', status: 'Active' }, 1)).toBeNull();
  });

  it('refuses to remove the last active administrator', () => {
    expect(refusalOfUserChange('admin-1', other, { userType: 'ADMIN', status: 'Inactive' }, 1)).toBe(
      LAST_ADMIN_MESSAGE,
    );
    expect(refusalOfUserChange('admin-1', other, { userType: 'POLICE', status: 'Active' }, 1)).toBe(LAST_ADMIN_MESSAGE);
    expect(refusalOfUserChange('admin-1', other, null, 1)).toBe(LAST_ADMIN_MESSAGE);
    expect(refusalOfUserChange('admin-1', other, null, 0)).toBe(LAST_ADMIN_MESSAGE);
  });

  it('lets another administrator remove an active administrator when others remain', () => {
    expect(refusalOfUserChange('admin-1', other, null, 2)).toBeNull();
    expect(refusalOfUserChange('admin-1', other, { userType: 'Customer', status: 'Active' }, 2)).toBeNull();
  });

  it('does not guard administrators who are not active', () => {
    expect(
      refusalOfUserChange('admin-1', { id: 'admin-1', userType: 'ADMIN', status: 'Suspended' }, null, 1),
    ).toBeNull();
    expect(refusalOfUserChange('admin-1', { id: 'admin-2', userType: 'ADMIN', status: 'Pending' }, null, 1)).toBeNull();
  });

  it('lets anyone be promoted to administrator', () => {
    expect(
      refusalOfUserChange(
        'admin-1',
        { id: 'u-1', userType: 'Customer', status: 'Pending' },
        { userType: 'ADMIN', status: 'Active' },
        1,
      ),
    ).toBeNull();
  });
});

// Property tests over generated user lists.
const textArb = fc.string({
  unit: fc.constantFrom('a', 'B', 'c', 'D', 'z', '-', '@', '.', ' ', '1', '7'),
  maxLength: 8,
});
const userArb: fc.Arbitrary<ListedUser> = fc.record({
  id: textArb,
  name: textArb,
  email: textArb,
  userType: fc.constantFrom(...USER_TYPES),
  status: fc.constantFrom(...USER_STATUSES),
});
const usersArb = fc.array(userArb, { maxLength: 25 });
const searchArb = fc.string({ unit: fc.constantFrom('a', 'b', 'C', 'd', 'Z', '-', '@', '.', ' ', '1'), maxLength: 3 });
const filterArb: fc.Arbitrary<UserFilter> = fc.record({
  search: searchArb,
  status: fc.constantFrom('all', 'Banned', 'active', ...USER_STATUSES),
  type: fc.constantFrom('all', 'SUPERUSER', 'admin', ...USER_TYPES),
});

/** A straightforward restatement of the filter, to compare against. */
function reference(users: readonly ListedUser[], f: UserFilter): ListedUser[] {
  const needle = f.search.trim().toLowerCase();
  const statusOn = (USER_STATUSES as readonly string[]).includes(f.status);
  const typeOn = (USER_TYPES as readonly string[]).includes(f.type);
  return users.filter((u) => {
    if (statusOn && u.status !== f.status) return false;
    if (typeOn && u.userType !== f.type) return false;
    return [u.name, u.id, u.email].some((field) => field.toLowerCase().includes(needle));
  });
}

describe('filterUsers properties', () => {
  it('returns a subset of the users in their original order', () => {
    fc.assert(
      fc.property(usersArb, filterArb, (users, f) => {
        const result = filterUsers(users, f);
        let cursor = 0;
        for (const kept of result) {
          while (cursor < users.length && users[cursor] !== kept) cursor++;
          expect(cursor).toBeLessThan(users.length);
          cursor++;
        }
      }),
    );
  });

  it('returns everyone when the search is blank and the filters are all or unknown', () => {
    fc.assert(
      fc.property(
        usersArb,
        fc.string({ unit: fc.constantFrom(' ', '\t'), maxLength: 3 }),
        fc.constantFrom('all', 'Banned', ''),
        fc.constantFrom('all', 'SUPERUSER', ''),
        (users, search, status, type) => {
          expect(filterUsers(users, { search, status, type })).toEqual(users);
        },
      ),
    );
  });

  it('only returns users whose name, id or email contains the search, ignoring case', () => {
    fc.assert(
      fc.property(usersArb, filterArb, (users, f) => {
        const needle = f.search.trim().toLowerCase();
        for (const u of filterUsers(users, f)) {
          expect([u.name, u.id, u.email].some((field) => field.toLowerCase().includes(needle))).toBe(true);
        }
      }),
    );
  });

  it('gives the same result whatever the case of the search', () => {
    fc.assert(
      fc.property(usersArb, filterArb, (users, f) => {
        const result = filterUsers(users, f);
        expect(filterUsers(users, { ...f, search: f.search.toUpperCase() })).toEqual(result);
        expect(filterUsers(users, { ...f, search: f.search.toLowerCase() })).toEqual(result);
      }),
    );
  });

  it('finds a user by any slice of their name, id or email in any case', () => {
    fc.assert(
      fc.property(
        userArb,
        usersArb,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('name', 'id', 'email'),
        fc.boolean(),
        (target, others, a, b, field, upper) => {
          const text = target[field as 'name' | 'id' | 'email'];
          const start = text.length === 0 ? 0 : a % text.length;
          const slice = text.slice(start, start + (b % 4));
          const users = [...others, target];
          expect(filterUsers(users, filter({ search: upper ? slice.toUpperCase() : slice }))).toContain(target);
        },
      ),
    );
  });

  it('applies the status and type filters to every result and drops no matching user', () => {
    fc.assert(
      fc.property(usersArb, filterArb, (users, f) => {
        const result = filterUsers(users, f);
        for (const u of result) {
          if ((USER_STATUSES as readonly string[]).includes(f.status)) expect(u.status).toBe(f.status);
          if ((USER_TYPES as readonly string[]).includes(f.type)) expect(u.userType).toBe(f.type);
        }
        expect(result).toEqual(reference(users, f));
      }),
    );
  });

  it('counts active users as the status filter does', () => {
    fc.assert(
      fc.property(usersArb, (users) => {
        expect(countActive(users)).toBe(filterUsers(users, filter({ status: 'Active' })).length);
      }),
    );
  });
});

const idArb = fc.constantFrom('admin-1', 'admin-2', 'u-3');
const typeArb = fc.constantFrom(...USER_TYPES);
const statusArb = fc.constantFrom(...USER_STATUSES);
const afterArb = fc.option(fc.record({ userType: typeArb, status: statusArb }), { nil: null });

describe('refusalOfUserChange properties', () => {
  it('never refuses a change to a user who is not an administrator', () => {
    fc.assert(
      fc.property(
        idArb,
        idArb,
        fc.constantFrom(...USER_TYPES.filter((t) => t !== 'ADMIN')),
        statusArb,
        afterArb,
        fc.integer({ min: 0, max: 5 }),
        (actor, id, userType, status, after, activeAdmins) => {
          expect(refusalOfUserChange(actor, { id, userType, status }, after, activeAdmins)).toBeNull();
        },
      ),
    );
  });

  it('never refuses a change to an administrator who is not active', () => {
    fc.assert(
      fc.property(
        idArb,
        idArb,
        fc.constantFrom(...USER_STATUSES.filter((s) => s !== 'Active')),
        afterArb,
        fc.integer({ min: 0, max: 5 }),
        (actor, id, status, after, activeAdmins) => {
          expect(refusalOfUserChange(actor, { id, userType: 'ADMIN', status }, after, activeAdmins)).toBeNull();
        },
      ),
    );
  });

  it('lets another administrator demote, suspend or delete an active administrator while two or more are active', () => {
    fc.assert(
      fc.property(afterArb, fc.integer({ min: 2, max: 100 }), (after, activeAdmins) => {
        expect(
          refusalOfUserChange('admin-1', { id: 'admin-2', userType: 'ADMIN', status: 'Active' }, after, activeAdmins),
        ).toBeNull();
      }),
    );
  });

  it('refuses every change that leaves an active administrator without the role, with the right message', () => {
    fc.assert(
      fc.property(idArb, idArb, afterArb, fc.integer({ min: 0, max: 5 }), (actor, id, after, activeAdmins) => {
        const stillAdmin = after !== null && after.userType === 'ADMIN' && after.status === 'Active';
        const expected = stillAdmin
          ? null
          : actor === id
            ? SELF_CHANGE_MESSAGE
            : activeAdmins <= 1
              ? LAST_ADMIN_MESSAGE
              : null;
        expect(refusalOfUserChange(actor, { id, userType: 'ADMIN', status: 'Active' }, after, activeAdmins)).toBe(
          expected,
        );
      }),
    );
  });
});
