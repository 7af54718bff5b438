/**
 * Which account types are asked for business details on sign-up (spec section 5). Apart
 * from the form's rules (zod, in signup.ts), so the form can show and hide its fields
 * before those rules are loaded.
 */
import type { AccountTypeId } from '../statuses/statuses';

/** Agents and corporate accounts are asked for a business name. */
export function showsBusinessName(type: AccountTypeId): boolean {
  return type === 'agent' || type === 'corporate';
}

/** Only agents (plate makers) are asked for a licence number. */
export function showsLicenseNumber(type: AccountTypeId): boolean {
  return type === 'agent';
}
