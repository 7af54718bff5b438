/**
 * What the server needs from a USSD gateway (an aggregator, or a network's own USSD
 * platform). The gateway calls Nambala at each step of a session; the adapter says whether
 * the call really comes from it and reads the call into a step. What a step shows is the
 * menu's business (#domain/ussd/ussd-menu), the same for every gateway. docs/ussd-and-sms.md
 * says how a real gateway plugs in.
 */
import { z } from 'zod';
import type { User } from '../repositories/user-repository';

/** Who is calling the callback, as far as the adapter needs to know. */
export interface GatewayCaller {
  ip: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The signed-in user, when the call carries a session (the sandbox's simulator). */
  user: User | undefined;
}

export type CallerCheck = { ok: true } | { ok: false; status: 401 | 403; message: string };

/** One step of a session as the gateway sends it. */
export interface UssdStepRequest {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  /** Everything typed in the session so far, the steps joined by '*'; '' on the first call. */
  text: string;
}

export interface UssdGateway {
  /** Named in the steps' log and in docs/ussd-and-sms.md. */
  readonly name: string;
  /** True only for the sandbox: the administrators' simulator page drives it. */
  readonly isSandbox: boolean;
  /** Whether the call comes from the gateway (or, for the sandbox, from an administrator). */
  check(caller: GatewayCaller): CallerCheck;
}

/**
 * The callback as most African USSD aggregators send it: a form post of sessionId,
 * serviceCode, phoneNumber and text. The sandbox's simulator sends the same fields.
 */
export const ussdCallbackBody = z.object({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .trim()
    .min(1, 'sessionId is required')
    .max(100, 'sessionId must be at most 100 characters'),
  serviceCode: z
    .string({ error: 'serviceCode must be text' })
    .trim()
    .max(40, 'serviceCode must be at most 40 characters')
    .default(''),
  phoneNumber: z
    .string({ error: 'phoneNumber is required' })
    .trim()
    .min(1, 'phoneNumber is required')
    .max(20, 'phoneNumber must be at most 20 characters')
    .regex(/^\+?[0-9 ]+$/, 'phoneNumber must be a phone number'),
  text: z.string({ error: 'text must be text' }).max(500, 'text must be at most 500 characters').default(''),
});
