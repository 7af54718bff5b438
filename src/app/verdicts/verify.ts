/**
 * Verifying a plate on this device: a scanned QR credential against the stored keys
 * and revocation list (no network needed), or a typed number against the registry
 * (online) or the device's copy (offline, officers; with the plate's insurance, as
 * online). Screens call these and show the result; officers' checks are logged through
 * the one write path.
 */
import { correctedToday } from '#domain/credential/freshness';
import { formatBlankSerial } from '#domain/serials/blank-serial';
import { credentialFromText } from '#domain/credential/qr-url';
import { verdictExplanation } from '#domain/credential/presentation';
import { verdictFromRegistry, verifyCredential } from '#domain/credential/verdict';
import type { CheckMethod } from '#domain/police/police';
import { coverOnDay } from '#domain/registry/cover';
import type { NambalaDatabase } from '../store/database';
import { mutate } from '../store/mutate';
import { newId } from '../store/new-id';
import { loadTrust, refreshTrust } from './trust';
import { type CredentialFields, decodeCredential } from '#domain/credential/credential';
import { type HeldEntry, judgeOutdatedCredential } from '#domain/credential/outdated-credential';
import type { Revocation } from '#domain/credential/revocation';
import { readForLookup } from './registry-copy';
import { registryVerdictOnline } from './online-verdict';
import { sendVerdictRequest } from './verdict-request';
import { VERDICT_MEASURE } from './verdict-measure';
import type { VerificationOutcome, VerificationProblem, VerificationResult } from './verification-outcome';

export type {
  Freshness,
  VerificationOutcome,
  VerificationProblem,
  VerificationResult,
  VerificationSource,
} from './verification-outcome';

export const NOT_A_PLATE_QR: VerificationProblem = {
  kind: 'problem',
  title: 'Not a plate QR code',
  detail:
    'This QR code does not carry a Nambala plate credential. Scan the code on the plate sticker, or type the plate number.',
};

function measure(start: number): number {
  const end = performance.now();
  try {
    performance.measure(VERDICT_MEASURE, { start, end });
  } catch {
    // User Timing missing: the figure is still returned.
  }
  return end - start;
}

/** Verifies scanned or pasted text that should carry a credential. Works offline. */
export async function verifyCredentialText(
  database: NambalaDatabase,
  text: string,
  now: () => number = Date.now,
): Promise<VerificationOutcome> {
  const start = performance.now();
  const bytes = credentialFromText(text);
  if (!bytes) return NOT_A_PLATE_QR;
  // Only the scanned plate's revocation is read (the decoder runs again inside the check; it is cheap).
  const decoded = decodeCredential(bytes);
  const plate = decoded.ok ? decoded.fields.plateNumber : '';
  let trust = await loadTrust(database, plate);
  // Opened from a plate's QR code on a device that has never synced: fetch the keys first.
  if (trust.keys.size === 0 && navigator.onLine) {
    try {
      await refreshTrust(database);
      trust = await loadTrust(database, plate);
    } catch {
      // Still none: said below.
    }
  }
  const { keys, revocations, meta } = trust;
  if (keys.size === 0) {
    return {
      kind: 'problem',
      title: 'Keys not on this device yet',
      detail:
        'Connect to the internet once so this device can download the registry keys; after that, QR codes verify with no signal.',
    };
  }
  const today = correctedToday(now(), meta?.clockSkewMs ?? 0);
  const result = verifyCredential(bytes, { keys, revocations, today });
  // A code from a revoked key with its genuine signature, or from a retired key: the registry
  // says whether it is a re-issued plate's old QR code (docs/decisions/043-reissue-after-key-revoke.md).
  const signed = result.credential;
  const keyStatus = signed ? keys.get(signed.keyId)?.status : undefined;
  if (signed && (keyStatus === 'revoked' || keyStatus === 'retired')) {
    const outdated = await judgeAgainstRegistry(database, signed, keyStatus, revocations, today, now);
    if (outdated) return outdated;
  }
  const computeMs = measure(start);
  const freshness = {
    keysFetchedAt: meta?.keysFetchedAt ?? null,
    revocationsFetchedAt: meta?.revocationsFetchedAt ?? null,
    registryUpdatedAt: null,
    clockSkewMs: meta?.clockSkewMs ?? null,
    staleness: meta?.staleness ?? null,
  };
  const base = {
    kind: 'result' as const,
    id: newId(),
    source: 'credential' as const,
    ownerName: null,
    checkedAt: new Date(now()).toISOString(),
    computeMs,
    freshness,
  };
  if (result.verdict === 'Not authentic') {
    return {
      ...base,
      plateNumber: null,
      verdict: 'Not authentic',
      reason: verdictExplanation(result),
      vehicle: null,
      registrationDate: null,
      expiryDate: null,
      revocation: null,
    };
  }
  const { credential } = result;
  return {
    ...base,
    plateNumber: credential.plateNumber,
    verdict: result.verdict,
    // An older QR code of a re-issued plate says so: the plate itself is in good standing.
    reason: result.revocation?.supersededBefore === undefined ? null : verdictExplanation(result),
    vehicle: { make: credential.make, model: credential.model, colour: credential.colour, year: null },
    registrationDate: credential.registrationDate,
    expiryDate: credential.expiryDate,
    revocation: result.revocation ?? null,
  };
}

/**
 * An officer's scanned verdict with what the registry adds online, as a typed check shows it:
 * the owner's name, the insurance cover and the blanks' serials (the lookup logged by the
 * server under the check's id, like any owner lookup). A theft or revocation the registry
 * knows of and the device's list does not yet wins. Unchanged when the registry cannot be
 * reached, the code is not authentic, or the answer is about another plate.
 */
export async function addRegistryFacts(
  result: VerificationResult,
  now: () => number = Date.now,
): Promise<VerificationResult> {
  if (result.plateNumber === null || result.verdict === 'Not authentic' || result.source !== 'credential')
    return result;
  const answer = await registryVerdictOnline(
    sendVerdictRequest(result.plateNumber, { id: result.id, method: 'scan' }),
    now,
  ).catch(() => null);
  if (answer?.kind !== 'result' || answer.plateNumber !== result.plateNumber) return result;
  const facts: VerificationResult = {
    ...result,
    ownerName: answer.ownerName,
    ...(answer.insurance === undefined ? {} : { insurance: answer.insurance }),
    ...(answer.serials === undefined ? {} : { serials: answer.serials }),
  };
  const isNewAlarm = (answer.verdict === 'Stolen' || answer.verdict === 'Revoked') && answer.verdict !== result.verdict;
  return isNewAlarm ? { ...facts, verdict: answer.verdict, revocation: answer.revocation, source: 'registry' } : facts;
}

/**
 * The registry's word on a QR code signed by a replaced key: its verdict by number with
 * "Re-issued: this QR code is out of date. Check the number" when it holds those very
 * fields; a may-be-forged verdict (undefined here: the caller's) when it does not; a
 * request to check the number when nothing here can say. For a revoked key the registry
 * answers when online (an officer's lookup is logged under the check's id, as a typed
 * one); otherwise, and for a retired key, the device's copy (officers and administrators).
 */
async function judgeAgainstRegistry(
  database: NambalaDatabase,
  credential: CredentialFields,
  keyStatus: 'revoked' | 'retired',
  revocations: ReadonlyMap<string, Revocation>,
  today: string,
  now: () => number,
): Promise<VerificationOutcome | undefined> {
  const id = newId();
  // A retired key's code asks only the copy: it still verifies, and a scan must not wait on the network for it.
  const online =
    keyStatus === 'revoked' && navigator.onLine
      ? await registryVerdictOnline(sendVerdictRequest(credential.plateNumber, { id, method: 'scan' }), now)
      : null;
  const byNumber =
    online?.kind === 'result' ? online : await verifyAgainstCopy(database, credential.plateNumber, id, now);
  const registry = byNumber.kind === 'result' ? { entry: heldEntryOf(byNumber) } : undefined;
  const judgement = judgeOutdatedCredential({ credential, keyStatus, registry, revocations, today });
  if (judgement.outcome === 'needs-registry') {
    return {
      kind: 'problem',
      title: 'Check the number',
      detail:
        'This QR code was signed with a registry key that has been replaced, and this device cannot reach the registry or hold its copy to tell whether the plate was re-issued. Type the plate number when you have a connection.',
    };
  }
  if (judgement.outcome !== 'reissued' || byNumber.kind !== 'result') return undefined;
  return { ...byNumber, reason: judgement.notice };
}

/** The registry entry a by-number result rests on; undefined for a plate it does not hold. */
function heldEntryOf(result: VerificationResult): HeldEntry | undefined {
  if (result.plateNumber === null || result.verdict === 'Unknown plate' || result.verdict === 'Not authentic')
    return undefined;
  return {
    plateNumber: result.plateNumber,
    status: result.verdict === 'Not yet issued' ? (result.stage ?? 'Allocated') : result.verdict,
    make: result.vehicle?.make ?? '',
    model: result.vehicle?.model ?? '',
    colour: result.vehicle?.colour ?? '',
    registrationDate: result.registrationDate ?? '',
    expiryDate: result.expiryDate ?? '',
    ...(result.credentialKeyId == null ? {} : { keyId: result.credentialKeyId }),
  };
}

/**
 * Verifies a typed plate number: online against the registry (with the owner's name
 * for officers, and logged there under `checkId`); offline, or when the server does
 * not answer within 4 s, against the device's copy when it holds one.
 */
export async function verifyPlateNumber(
  database: NambalaDatabase,
  plateNumber: string,
  options: {
    online: boolean;
    checkId?: string;
    method?: CheckMethod;
    now?: () => number;
    /** Where the device's copy is searched: here by default; the screens pass the store worker's. */
    lookUpCopy?: (plateNumber: string, id: string) => Promise<VerificationOutcome>;
    /**
     * Who is checking: an officer's verdict from the copy shows the plate's insurance, as the
     * registry's does online; anyone else's never does (an administrator's device holds the
     * copy too). The public by default.
     */
    tier?: 'police' | 'public';
  },
): Promise<VerificationOutcome> {
  const now = options.now ?? Date.now;
  const id = options.checkId ?? newId();
  if (options.online) {
    const answer = await registryVerdictOnline(
      sendVerdictRequest(plateNumber, { id, method: options.method ?? 'manual' }),
      now,
    );
    if (answer) return answer;
  }
  const outcome = await (options.lookUpCopy
    ? options.lookUpCopy(plateNumber, id)
    : verifyAgainstCopy(database, plateNumber, id, now));
  if (
    options.tier === 'police' ||
    outcome.kind !== 'result' ||
    (outcome.insurance === undefined && outcome.serials === undefined)
  )
    return outcome;
  const { insurance: _insurance, serials: _serials, ...publicOutcome } = outcome;
  return publicOutcome;
}

/** A typed number against the device's copy of the registry (and its revocation list). */
export async function verifyAgainstCopy(
  database: NambalaDatabase,
  plateNumber: string,
  id: string,
  now: () => number = Date.now,
): Promise<VerificationOutcome> {
  const start = performance.now();
  const { copy, trustMeta, row, revocation } = await readForLookup(database, plateNumber);
  const trust = { meta: trustMeta, revocations: new Map(revocation ? [[revocation.plateNumber, revocation]] : []) };
  if (!copy) {
    return {
      kind: 'problem',
      title: 'You are offline',
      detail: 'Checking a typed number needs a connection on this device. Scanning the plate’s QR code works offline.',
    };
  }
  const today = correctedToday(now(), trust.meta?.clockSkewMs ?? 0);
  const entry = row ? { ...row, status: row.standing } : undefined;
  const result = verdictFromRegistry(plateNumber, entry, trust.revocations, today);
  const computeMs = measure(start);
  const found = result.verdict === 'Unknown plate' || result.verdict === 'Not yet issued' ? undefined : result.entry;
  // The cover on the device's (corrected) day, from the terms the copy carries; a row of the
  // older format says nothing, and neither does the verdict. Stripped for the public tier.
  const cover = found && row?.cover !== undefined ? coverOnDay(row.cover, today) : undefined;
  return {
    kind: 'result',
    id,
    plateNumber,
    verdict: result.verdict,
    source: 'device-copy',
    reason: null,
    vehicle: found ? { make: found.make, model: found.model, colour: found.colour, year: null } : null,
    registrationDate: found?.registrationDate ?? null,
    expiryDate: found?.expiryDate ?? null,
    ownerName: null,
    ...(cover === undefined
      ? {}
      : { insurance: cover === 'none' ? 'none' : { insurer: cover.insurer, until: cover.until } }),
    ...(found && row?.serials
      ? { serials: { front: formatBlankSerial(row.serials.front), rear: formatBlankSerial(row.serials.rear) } }
      : {}),
    revocation: result.revocation ?? null,
    stage: result.verdict === 'Not yet issued' ? result.entry.status : null,
    credentialKeyId: row?.keyId ?? null,
    checkedAt: new Date(now()).toISOString(),
    computeMs,
    freshness: {
      keysFetchedAt: trust.meta?.keysFetchedAt ?? null,
      revocationsFetchedAt: trust.meta?.revocationsFetchedAt ?? null,
      registryUpdatedAt: copy.updatedAt,
      clockSkewMs: trust.meta?.clockSkewMs ?? null,
      staleness: trust.meta?.staleness ?? null,
    },
  };
}

/**
 * Logs an officer's check: kept on the device and sent by sync. An online lookup was
 * already logged by the server under the same id, so the push changes nothing there.
 */
export async function recordPoliceCheck(
  database: NambalaDatabase,
  result: VerificationResult,
  method: CheckMethod,
): Promise<void> {
  if (!result.plateNumber) return;
  const check = {
    id: result.id,
    plateNumber: result.plateNumber,
    verdict: result.verdict,
    method,
    offline: result.source !== 'registry',
    checkedAt: result.checkedAt,
  };
  await mutate(database, { intent: 'recordPoliceCheck', table: 'policeChecks', row: check, payload: check });
}
