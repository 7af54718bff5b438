/**
 * The two ways a gateway's calls are told from forgeries, as operators configure them: a
 * shared secret the gateway sends in a header, and a list of the addresses it calls from.
 * Either or both; with neither a real gateway is refused at start (docs/ussd-and-sms.md).
 * The sandbox's simulator is for administrators only.
 */
import { timingSafeEqual } from 'node:crypto';
import { can } from '#domain/accounts/permissions';
import type { CallerCheck, GatewayCaller } from './gateway';

/** The header a gateway's shared secret comes in. */
export const GATEWAY_SECRET_HEADER = 'x-gateway-secret';

const FORBIDDEN: CallerCheck = { ok: false, status: 403, message: 'This callback is only for the configured gateway.' };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface GatewayTrust {
  /** The shared secret; undefined when not used. */
  secret: string | undefined;
  /** The addresses the gateway calls from; empty when not used. */
  allow: readonly string[];
}

/** Throws at start when a real gateway would be open to anyone. */
export function requireTrust(what: string, trust: GatewayTrust, settings: string): void {
  if ((trust.secret === undefined || trust.secret.length < 16) && trust.allow.length === 0)
    throw new Error(
      `${what} needs a shared secret of at least 16 characters or a list of the gateway's addresses: set ${settings}`,
    );
}

/** Both configured checks must pass: the secret when there is one, the address when there is a list. */
export function checkGatewayCaller(trust: GatewayTrust, caller: GatewayCaller): CallerCheck {
  if (trust.secret !== undefined) {
    const header = caller.headers[GATEWAY_SECRET_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (given === undefined || !sameSecret(given, trust.secret))
      return { ok: false, status: 401, message: 'The gateway secret is missing or wrong.' };
  }
  if (trust.allow.length > 0 && !trust.allow.includes(caller.ip)) return FORBIDDEN;
  return { ok: true };
}

/** The sandbox: only a signed-in administrator (the simulator page) may call. */
export function checkAdministrator(caller: GatewayCaller): CallerCheck {
  if (!caller.user)
    return { ok: false, status: 401, message: 'Please sign in as an administrator to use the simulator.' };
  return can(caller.user.roles, 'users:manage')
    ? { ok: true }
    : { ok: false, status: 403, message: 'The simulator is for administrators only.' };
}

/** A comma-separated list from the environment, trimmed, without empty items. */
export function listFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
