/**
 * The partner API's rules (docs/partner-api.md): the kinds of organisation an administrator
 * registers, the scopes a key may carry and which kinds may hold them, the limits a key is
 * issued with, how many plates one bulk call may ask about, which tier of answer a caller gets
 * for a plate, and the usage log as a CSV file in Lusaka time. Pure: keys, times and ids are
 * passed in.
 */
import { csvText } from '../csv/csv-writer';

export const PARTNER_KINDS = ['insurer', 'dealer', 'bank', 'police', 'government'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];
export const PARTNER_KIND_LABELS: Readonly<Record<PartnerKind, string>> = {
  insurer: 'Insurer',
  dealer: 'Dealer',
  bank: 'Bank',
  police: 'Police system',
  government: 'Other government system',
};

/**
 * verdict: the public verdict of a plate (no personal data) and its signed credential.
 * owner: the owner's name and insurance cover as well (police systems on every plate; insurers only on plates they insure).
 * bulk: up to 100 plates in one call.
 */
export const PARTNER_SCOPES = ['verdict', 'owner', 'bulk'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];
export const PARTNER_SCOPE_LABELS: Readonly<Record<PartnerScope, string>> = {
  verdict: 'Public verdict',
  owner: 'Owner and insurance',
  bulk: 'Bulk checks',
};

/** Kinds whose keys may carry the owner scope: police systems, and insurers (on their own insured plates only). */
export const OWNER_SCOPE_KINDS: readonly PartnerKind[] = ['police', 'insurer'];

/** Why these scopes cannot be given to this kind of organisation, or null. */
export function scopeProblem(kind: PartnerKind, scopes: readonly PartnerScope[]): string | null {
  if (scopes.length === 0) return 'Choose at least one scope.';
  if (!scopes.includes('verdict')) return 'Every key needs the Public verdict scope.';
  if (scopes.includes('owner') && !OWNER_SCOPE_KINDS.includes(kind))
    return `A ${PARTNER_KIND_LABELS[kind].toLowerCase()} cannot be given the Owner and insurance scope: only police systems, and insurers on the plates they insure.`;
  return null;
}

/** What one answer shows: the public verdict, or with the owner's name and cover. */
export type PartnerTier = 'public' | 'owner';

/**
 * The tier of the answer for one plate: owner only with the owner scope, for a police system
 * on any registered plate, for an insurer only when the plate's cover today is its own.
 */
export function partnerTier(
  caller: { kind: PartnerKind; insurerName: string | null; scopes: readonly PartnerScope[] },
  coverInsurer: string | null,
): PartnerTier {
  if (!caller.scopes.includes('owner')) return 'public';
  if (caller.kind === 'police') return 'owner';
  if (caller.kind === 'insurer' && caller.insurerName !== null && coverInsurer === caller.insurerName) return 'owner';
  return 'public';
}

// -------------------------------------------------------------------------------- keys and limits

/** Keys read `nmb_` then 43 base64url characters (32 random bytes). */
export const PARTNER_KEY_PREFIX = 'nmb_';
export const PARTNER_KEY_PATTERN = /^nmb_[A-Za-z0-9_-]{43}$/;
/** Characters of a key shown in lists to tell keys apart (the prefix and 8 more): not enough to use it. */
export const PARTNER_KEY_SHOWN_CHARS = 12;

export const BULK_CHECK_MAX = 100;
export const PER_MINUTE_MAX = 6000;
export const DAILY_QUOTA_MAX = 1_000_000;
export const KEY_LIFETIME_DAYS_MAX = 730;
export const ROTATION_OVERLAP_HOURS_MAX = 30 * 24;

export const DEFAULT_KEY_LIMITS = { perMinute: 60, dailyQuota: 10_000, lifetimeDays: 365 } as const;

/** When a rotated key stops working: now plus the overlap the administrator chose, but never after its own expiry. */
export function overlapEnd(now: Date, overlapHours: number, expiresAt: Date): Date {
  const end = new Date(now.getTime() + overlapHours * 3600_000);
  return end < expiresAt ? end : expiresAt;
}

export type KeyState = 'active' | 'expired' | 'revoked';

/** A key works when it is neither revoked nor past its expiry. */
export function keyState(key: { revokedAt: string | null; expiresAt: string }, now: Date): KeyState {
  if (key.revokedAt !== null) return 'revoked';
  return new Date(key.expiresAt) <= now ? 'expired' : 'active';
}

/** The minute a rate limit counts in: its first instant. */
export const minuteStart = (at: Date): Date => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

// Zambia keeps Central Africa Time (UTC+2) all year, so a fixed offset is exact.
const LUSAKA_OFFSET_MS = 2 * 3600_000;

/** The first instant of the Lusaka day `at` falls on: the daily quota counts from there. */
export function lusakaDayStart(at: Date): Date {
  const shifted = at.getTime() + LUSAKA_OFFSET_MS;
  return new Date(shifted - (((shifted % 86_400_000) + 86_400_000) % 86_400_000) - LUSAKA_OFFSET_MS);
}

/** Seconds until a limit's window ends (at least 1), for Retry-After. */
export const secondsUntil = (end: Date, now: Date): number =>
  Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/** '2026-12-06 20:41:05 CAT': an instant in Lusaka time, with the zone named. */
export function lusakaTime(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + LUSAKA_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)} CAT`;
}

// -------------------------------------------------------------------------------- usage

export interface PartnerCall {
  id: string;
  at: string;
  keyPrefix: string;
  route: string;
  plates: number;
  status: number;
}

export const USAGE_CSV_COLUMNS = ['Time in Lusaka (CAT = UTC+02:00)', 'Key', 'Route', 'Plates', 'Status'] as const;

/** The usage log as a spreadsheet reads it: one row per call, times in Lusaka time. */
export function usageCsv(calls: readonly PartnerCall[]): string {
  return csvText([
    USAGE_CSV_COLUMNS,
    ...calls.map((call) => [lusakaTime(call.at), `${call.keyPrefix}…`, call.route, call.plates, call.status]),
  ]);
}

/** nambala-partner-usage-insurer-name-2026-12-06.csv */
export function usageCsvFileName(organisation: string, today: string): string {
  const slug = organisation
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `nambala-partner-usage-${slug || 'organisation'}-${today}.csv`;
}
