/**
 * An administrator's partner organisations and their API keys (docs/partner-api.md): registering
 * an organisation, issuing a key (shown once; only its SHA-256 digest is kept), rotating one
 * (the old key keeps working for the overlap chosen), revoking one (at once). And the other side:
 * a caller's key checked (digest compared in constant time) and its rate limit and daily quota
 * counted. Every change is audited.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from '#domain/ids/uuid-v7';
import {
  keyState,
  lusakaDayStart,
  minuteStart,
  overlapEnd,
  PARTNER_KEY_PATTERN,
  PARTNER_KEY_PREFIX,
  PARTNER_KEY_SHOWN_CHARS,
  type PartnerKind,
  type PartnerScope,
  scopeProblem,
  secondsUntil,
} from '#domain/partners/partner-api';
import type { PartnerKeyView, PartnerOrganisationView } from '#domain/api/partners';
import type { Database, Queryable } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { type PartnerKey, type PartnerOrganisation, partnerRepository } from '../repositories/partner-repository';
import { formatLusakaMoment } from '#domain/dates/calendar-day';

export type { PartnerKey, PartnerOrganisation };

const newId = (at: Date) => uuidv7(at.getTime(), randomBytes(10));

/** SHA-256 of the whole key, hex: what the database keeps. A key has 256 random bits, so no slow hash is needed. */
export const keyDigest = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key: `nmb_` and 32 random bytes in base64url. */
export const newPartnerKey = (): string => `${PARTNER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export interface Actor {
  id: string;
  ip: string | null;
}

export type Refusal = { refused: true; status: 400 | 404 | 409; message: string; fields?: Record<string, string> };
const refuse = (status: Refusal['status'], message: string, fields?: Record<string, string>): Refusal => ({
  refused: true,
  status,
  message,
  ...(fields ? { fields } : {}),
});

export const keyView = (key: PartnerKey, now: Date): PartnerKeyView => ({
  id: key.id,
  prefix: key.prefix,
  scopes: key.scopes,
  perMinute: key.perMinute,
  dailyQuota: key.dailyQuota,
  createdAt: key.createdAt,
  expiresAt: key.expiresAt,
  revokedAt: key.revokedAt,
  replacedBy: key.replacedBy,
  state: keyState(key, now),
});

/** Every organisation with its keys and today's calls, for the administrator's list. */
export async function listOrganisations(db: Queryable, now: Date): Promise<PartnerOrganisationView[]> {
  const partners = partnerRepository(db);
  const organisations = await partners.organisations();
  const keys = await partners.keysOf(organisations.map((organisation) => organisation.id));
  const calls = await partners.callCounts(lusakaDayStart(now));
  return organisations.map((organisation) => ({
    ...organisation,
    keys: keys.filter((key) => key.organisationId === organisation.id).map((key) => keyView(key, now)),
    callsToday: calls.get(organisation.id) ?? 0,
  }));
}

async function organisationView(db: Queryable, id: string, now: Date): Promise<PartnerOrganisationView | undefined> {
  return (await listOrganisations(db, now)).find((organisation) => organisation.id === id);
}

export async function registerOrganisation(
  db: Database,
  input: { name: string; kind: PartnerKind; insurerName: string | null; contactEmail: string },
  actor: Actor,
  now: Date,
): Promise<PartnerOrganisationView | Refusal> {
  if (input.kind === 'insurer' && !input.insurerName)
    return refuse(400, 'Give the insurer’s name as its policies carry it.', {
      insurerName: 'Give the insurer’s name as its policies carry it.',
    });
  return db.transaction(async (tx) => {
    const added = await partnerRepository(tx).addOrganisation(
      {
        id: newId(now),
        name: input.name,
        kind: input.kind,
        insurerName: input.kind === 'insurer' ? input.insurerName : null,
        contactEmail: input.contactEmail,
      },
      actor.id,
      now,
    );
    if (!added)
      return refuse(409, `${input.name} is registered already.`, { name: `${input.name} is registered already.` });
    await auditRepository(tx).record({
      actorId: actor.id,
      action: 'partner.register',
      target: added.id,
      detail: { name: added.name, kind: added.kind },
      ip: actor.ip,
    });
    return { ...added, keys: [], callsToday: 0 };
  });
}

export interface KeyTerms {
  scopes: PartnerScope[];
  perMinute: number;
  dailyQuota: number;
  lifetimeDays: number;
}

export type IssuedKey = { key: string; issued: PartnerKeyView; organisation: PartnerOrganisationView };

async function insertKey(
  tx: Queryable,
  organisation: PartnerOrganisation,
  terms: KeyTerms,
  actor: Actor,
  now: Date,
): Promise<{ key: string; id: string }> {
  const key = newPartnerKey();
  const id = newId(now);
  await partnerRepository(tx).addKey(
    {
      id,
      organisationId: organisation.id,
      prefix: key.slice(0, PARTNER_KEY_SHOWN_CHARS),
      scopes: [...new Set(terms.scopes)],
      perMinute: terms.perMinute,
      dailyQuota: terms.dailyQuota,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + terms.lifetimeDays * 86_400_000).toISOString(),
    },
    keyDigest(key),
    actor.id,
  );
  return { key, id };
}

/** A new key for an organisation: the answer is the only place the key itself ever appears. */
export async function issueKey(
  db: Database,
  organisationId: string,
  terms: KeyTerms,
  actor: Actor,
  now: Date,
): Promise<IssuedKey | Refusal> {
  return db.transaction(async (tx) => {
    const organisation = await partnerRepository(tx).organisation(organisationId);
    if (!organisation) return refuse(404, 'No such partner organisation.');
    const problem = scopeProblem(organisation.kind, terms.scopes);
    if (problem) return refuse(400, problem, { scopes: problem });
    const { key, id } = await insertKey(tx, organisation, terms, actor, now);
    await auditRepository(tx).record({
      actorId: actor.id,
      action: 'partner.key-issue',
      target: id,
      detail: { organisation: organisation.id, scopes: terms.scopes },
      ip: actor.ip,
    });
    return finishIssue(tx, key, id, organisation.id, now);
  });
}

async function finishIssue(tx: Queryable, key: string, id: string, organisationId: string, now: Date) {
  const organisation = await organisationView(tx, organisationId, now);
  const issued = organisation?.keys.find((row) => row.id === id);
  if (!organisation || !issued) throw new Error(`key ${id} vanished in its own transaction`);
  return { key, issued, organisation };
}

/**
 * A new key with the old one's terms (a fresh lifetime); the old key keeps working until the end
 * of the overlap (0: at once), then expires.
 */
export async function rotateKey(
  db: Database,
  keyId: string,
  input: { overlapHours: number; lifetimeDays: number },
  actor: Actor,
  now: Date,
): Promise<IssuedKey | Refusal> {
  return db.transaction(async (tx) => {
    const partners = partnerRepository(tx);
    const old = await partners.key(keyId);
    if (!old) return refuse(404, 'No such key.');
    if (keyState(old, now) !== 'active' || old.replacedBy !== null)
      return refuse(409, 'Only a working key that has not been rotated already can be rotated.');
    const organisation = await partners.organisation(old.organisationId);
    if (!organisation) return refuse(404, 'No such partner organisation.');
    const terms = {
      scopes: old.scopes,
      perMinute: old.perMinute,
      dailyQuota: old.dailyQuota,
      lifetimeDays: input.lifetimeDays,
    };
    const { key, id } = await insertKey(tx, organisation, terms, actor, now);
    const until = overlapEnd(now, input.overlapHours, new Date(old.expiresAt));
    if (!(await partners.markReplaced(old.id, id, until, now)))
      return refuse(409, 'Only a working key that has not been rotated already can be rotated.');
    await auditRepository(tx).record({
      actorId: actor.id,
      action: 'partner.key-rotate',
      target: id,
      detail: { previous: old.id, previousUntil: until.toISOString() },
      ip: actor.ip,
    });
    return finishIssue(tx, key, id, organisation.id, now);
  });
}

/** A key stops working at once. */
export async function revokeKey(
  db: Database,
  keyId: string,
  actor: Actor,
  now: Date,
): Promise<PartnerOrganisationView | Refusal> {
  return db.transaction(async (tx) => {
    const partners = partnerRepository(tx);
    const key = await partners.key(keyId);
    if (!key) return refuse(404, 'No such key.');
    if (!(await partners.revoke(keyId, now))) return refuse(409, 'This key is revoked already.');
    await auditRepository(tx).record({
      actorId: actor.id,
      action: 'partner.key-revoke',
      target: keyId,
      detail: { organisation: key.organisationId },
      ip: actor.ip,
    });
    const organisation = await organisationView(tx, key.organisationId, now);
    if (!organisation) return refuse(404, 'No such partner organisation.');
    return organisation;
  });
}

// -------------------------------------------------------------------------------- a caller's key

export interface PartnerCaller {
  key: PartnerKey;
  organisation: PartnerOrganisation;
}

export type KeyCheck = { ok: true; caller: PartnerCaller } | { ok: false; message: string };

const NO_KEY =
  'Send your API key in an Authorization header: "Authorization: Bearer nmb_…". Ask the registry’s administrator for a key.';
const UNKNOWN_KEY =
  'This API key is not known. Check that it was copied whole, or ask the registry’s administrator for a new one.';

/**
 * The caller's key from an Authorization header, or why it does not work. Looked up by its
 * digest; the stored digest is then compared with the computed one in constant time, so a
 * near-miss takes as long as a far one.
 */
export async function authenticatePartner(
  db: Queryable,
  authorization: string | undefined,
  now: Date,
): Promise<KeyCheck> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return { ok: false, message: NO_KEY };
  const key = match[1];
  if (!PARTNER_KEY_PATTERN.test(key)) return { ok: false, message: UNKNOWN_KEY };
  const digest = keyDigest(key);
  const found = await partnerRepository(db).keyByHash(digest);
  // The lookup is by digest; the digests are then compared byte for byte in constant time.
  const stored = Buffer.from(found?.keyHash ?? '', 'hex');
  const computed = Buffer.from(digest, 'hex');
  if (!found || stored.length !== computed.length || !timingSafeEqual(stored, computed))
    return { ok: false, message: UNKNOWN_KEY };
  const state = keyState(found.key, now);
  if (state === 'revoked')
    return { ok: false, message: 'This API key has been revoked. Ask the registry’s administrator for a new one.' };
  if (state === 'expired')
    return {
      ok: false,
      message: `This API key expired on ${formatLusakaMoment(found.key.expiresAt)}${found.key.replacedBy ? ' (it was rotated: use the new key)' : ''}. Ask the registry’s administrator for a new one.`,
    };
  return { ok: true, caller: { key: found.key, organisation: found.organisation } };
}

export type Metered = { ok: true } | { ok: false; retryAfter: number; message: string };

/**
 * Counts one request against the key's rate limit and `plates` checks against its daily quota
 * (the Lusaka day). A request the limit refuses counts against neither.
 */
export async function meterCall(db: Database, key: PartnerKey, plates: number, now: Date): Promise<Metered> {
  const minute = minuteStart(now);
  const day = lusakaDayStart(now);
  return db.transaction(async (tx) => {
    const partners = partnerRepository(tx);
    if (!(await partners.useWindow(key.id, 'minute', minute, 1, key.perMinute)))
      return {
        ok: false,
        retryAfter: secondsUntil(new Date(minute.getTime() + 60_000), now),
        message: `Rate limit reached: this key may make ${key.perMinute} requests a minute. Try again after the Retry-After header's seconds.`,
      };
    if (!(await partners.useWindow(key.id, 'day', day, plates, key.dailyQuota))) {
      // The minute's count stays: the request was made. Only the plates are not counted.
      const tomorrow = new Date(day.getTime() + 86_400_000);
      return {
        ok: false,
        retryAfter: secondsUntil(tomorrow, now),
        message: `Daily quota reached: this key may check ${key.dailyQuota} plates a day (Lusaka time)${plates > 1 ? `, and this call asked for ${plates}` : ''}. It renews at midnight in Lusaka.`,
      };
    }
    await partners.dropWindowsBefore(key.id, new Date(day.getTime() - 86_400_000));
    return { ok: true };
  });
}

/** One row per call, whatever its answer: the usage page counts these. */
export async function logPartnerCall(
  db: Queryable,
  caller: PartnerCaller,
  call: { route: string; plates: number; status: number },
  now: Date,
): Promise<void> {
  await partnerRepository(db).logCall({
    id: newId(now),
    keyId: caller.key.id,
    organisationId: caller.organisation.id,
    ...call,
    at: now,
  });
}
