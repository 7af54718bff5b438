/**
 * The administrator's changes to accounts, and a user's changes to their own
 * profile and notifications. Each is audited; suspending or deleting an account
 * ends its sessions at once; approving one tells its owner.
 */
import { CONTACT_NEEDS_PASSWORD } from '#domain/accounts/contact-change';
import { profileSchema } from '#domain/accounts/profile';
import {
  addUserSchema,
  deleteUserSchema,
  editUserSchema,
  refusalOfUserChange,
  rolesFor,
} from '#domain/accounts/user-admin';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { queueInvitation } from '../accounts/password-reset';
import { hashPassword } from '../auth/passwords';
import { auditRepository } from '../repositories/audit-repository';
import { favouriteRepository } from '../repositories/favourite-repository';
import { notify } from '../notifications/notify';
import { notificationRepository } from '../repositories/notification-repository';
import { sessionRepository } from '../repositories/session-repository';
import { userRepository } from '../repositories/user-repository';
import { actor, defineIntent, Refusal } from './intent';

const EMAIL_TAKEN = 'An account with this email already exists.';
const NO_SUCH_USER = 'This user no longer exists. They may have been deleted by another administrator.';
const ROLE_NAMES = {
  buyer: 'buyer',
  agent: 'plate maker (agent)',
  insurance_agent: 'insurance agent',
  police: 'law enforcement',
  admin: 'administrator',
} as const;

/**
 * Adds an account and invites its user: the password stored is a random one nobody knows,
 * and the invitation's link (queued in the same transaction) lets the user choose their own.
 */
export const addUser = defineIntent({
  access: 'users:manage',
  payload: addUserSchema,
  // Hashed before the push's transaction: scrypt's work must not hold a connection.
  prepare: () => hashPassword(randomBytes(32).toString('base64url')),
  async apply({ tx, user, ip, now }, { id: _clientRowId, ...details }, passwordHash) {
    const created = await userRepository(tx).create({
      ...details,
      accountType: details.userType === 'AGENT' ? 'agent' : details.userType === 'POLICE' ? 'law' : 'individual',
      passwordHash,
      requestedRole: null,
      roles: rolesFor(details.userType, details.status),
    });
    if (!created) throw new Refusal(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await queueInvitation(tx, created, { now: now(), invitedBy: user?.name ?? 'An administrator' });
    await auditRepository(tx).record({
      actorId: user?.id ?? null,
      action: 'user.add',
      target: created.id,
      detail: { userType: details.userType, status: details.status, invited: true },
      ip,
    });
    return { userId: created.id };
  },
});

export const editUser = defineIntent({
  access: 'users:manage',
  payload: editUserSchema,
  async apply(context, { id, ...details }) {
    const admin = actor(context);
    const users = userRepository(context.tx);
    await users.lockAdministration();
    const before = await users.findById(id);
    if (!before) throw new Refusal(404, NO_SUCH_USER);
    const refusal = refusalOfUserChange(admin.id, before, details, await users.countActiveAdmins());
    if (refusal) throw new Refusal(409, refusal);
    const roles = rolesFor(details.userType, details.status);
    if (!(await users.updateDetails(id, { ...details, roles })))
      throw new Refusal(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    if (details.status === 'Suspended' || details.status === 'Inactive')
      await sessionRepository(context.tx).deleteForUser(id);
    if (before.status === 'Pending' && details.status === 'Active') {
      const role = roles[0];
      await notify(context.tx, id, {
        kind: 'account.approved',
        title: 'Your account has been approved',
        body: role
          ? `An administrator approved your ${ROLE_NAMES[role]} account. Your dashboard now has the ${ROLE_NAMES[role]} view.`
          : 'An administrator approved your account.',
      });
    }
    const changed = Object.fromEntries(
      (['name', 'email', 'userType', 'status'] as const)
        .filter((key) => before[key] !== details[key])
        .map((key) => [key, { from: before[key], to: details[key] }]),
    );
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: 'user.edit',
      target: id,
      detail: changed,
      ip: context.ip,
    });
    return undefined;
  },
});

export const deleteUser = defineIntent({
  access: 'users:manage',
  payload: deleteUserSchema,
  async apply(context, { id }) {
    const admin = actor(context);
    const users = userRepository(context.tx);
    await users.lockAdministration();
    const before = await users.findById(id);
    // Deleting a user who is already gone leaves things as the administrator wanted.
    if (!before) return undefined;
    const refusal = refusalOfUserChange(admin.id, before, null, await users.countActiveAdmins());
    if (refusal) throw new Refusal(409, refusal);
    await users.delete(id);
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: 'user.delete',
      target: id,
      detail: { email: before.email, userType: before.userType },
      ip: context.ip,
    });
    return undefined;
  },
});

export const updateProfile = defineIntent({
  access: 'signed-in',
  payload: profileSchema,
  async apply(context, profile) {
    const me = actor(context);
    // A session alone changes the name; the email and phone need the password (POST /api/auth/contact).
    if (profile.email.toLowerCase() !== me.email.toLowerCase())
      throw new Refusal(403, CONTACT_NEEDS_PASSWORD, { email: CONTACT_NEEDS_PASSWORD });
    if (profile.phone !== me.phone) throw new Refusal(403, CONTACT_NEEDS_PASSWORD, { phone: CONTACT_NEEDS_PASSWORD });
    if (!(await userRepository(context.tx).updateProfile(me.id, { ...profile, email: me.email })))
      throw new Refusal(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await auditRepository(context.tx).record({
      actorId: me.id,
      action: 'profile.update',
      target: me.id,
      ip: context.ip,
    });
    return undefined;
  },
});

export const markNotificationsRead = defineIntent({
  access: 'signed-in',
  payload: z.object({
    ids: z
      .array(z.string().regex(/^\d{1,18}$/, 'ids must be notification ids'))
      .min(1)
      .max(500),
  }),
  async apply(context, { ids }) {
    await notificationRepository(context.tx).markRead(actor(context).id, ids);
    return undefined;
  },
});

/** A buyer's favourite plate, set or cleared from any of their devices. */
export const setFavourite = defineIntent({
  access: 'signed-in',
  payload: z.object({
    listingId: z
      .string({ error: 'listingId is required' })
      .trim()
      .min(1, 'listingId is required')
      .max(40, 'listingId must be at most 40 characters'),
    favourite: z.boolean({ error: 'favourite must be true or false' }),
  }),
  async apply(context, { listingId, favourite }) {
    if (!(await favouriteRepository(context.tx).set(actor(context).id, listingId, favourite)))
      throw new Refusal(404, 'This plate is no longer listed in the marketplace.');
    return undefined;
  },
});
