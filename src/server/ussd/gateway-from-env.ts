/**
 * Chooses the USSD gateway by configuration: USSD_GATEWAY names it. The sandbox is the
 * default: the administrators' simulator page drives it, and no one else can. 'aggregator'
 * is the callback format most African USSD aggregators use (a form post of sessionId,
 * serviceCode, phoneNumber and text; a plain-text answer beginning CON or END), trusted by
 * USSD_GATEWAY_SECRET and/or USSD_GATEWAY_ALLOW (docs/ussd-and-sms.md).
 */
import { checkAdministrator, checkGatewayCaller, listFrom, requireTrust } from './caller-checks';
import type { UssdGateway } from './gateway';

export const SANDBOX_USSD_GATEWAY = 'sandbox';

const GATEWAYS: Readonly<Record<string, (env: NodeJS.ProcessEnv) => UssdGateway>> = {
  sandbox: () => ({ name: SANDBOX_USSD_GATEWAY, isSandbox: true, check: checkAdministrator }),
  aggregator: (env) => {
    const trust = { secret: env.USSD_GATEWAY_SECRET || undefined, allow: listFrom(env.USSD_GATEWAY_ALLOW) };
    requireTrust("USSD_GATEWAY 'aggregator'", trust, 'USSD_GATEWAY_SECRET and/or USSD_GATEWAY_ALLOW');
    return { name: 'aggregator', isSandbox: false, check: (caller) => checkGatewayCaller(trust, caller) };
  },
};

export function ussdGatewayFromEnv(env: NodeJS.ProcessEnv = process.env): UssdGateway {
  const name = env.USSD_GATEWAY?.trim() || SANDBOX_USSD_GATEWAY;
  const make = Object.hasOwn(GATEWAYS, name) ? GATEWAYS[name] : undefined;
  if (!make)
    throw new Error(`USSD_GATEWAY '${name}' is not known; the gateways are: ${Object.keys(GATEWAYS).join(', ')}`);
  return make(env);
}
