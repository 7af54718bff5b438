/**
 * The phone simulator's calls: one USSD step to the gateway's own callback (POST
 * /api/ussd/callback, which answers the simulator in JSON), and a text to the service's
 * number (POST /api/sms/inbound). Both go to the sandbox, which takes them from an
 * administrator only; online only, as a phone's network would be.
 */
import type { InboundSmsAnswer, UssdStepAnswer } from '#domain/api/phone-checks';
import { refusalReason, runCommand } from '../../api/command';

export const SIMULATOR_NEEDS_CONNECTION =
  'The simulator needs a connection to the server. Try again when you are back online.';

export async function sendUssdStep(step: {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  text: string;
}): Promise<{ ok: true; answer: string } | { ok: false; message: string }> {
  const outcome = await runCommand({
    method: 'POST',
    path: '/api/ussd/callback',
    body: step,
    accept: (answer: UssdStepAnswer) => (typeof answer?.answer === 'string' ? answer.answer : null),
  });
  if (outcome.status === 'applied') return { ok: true, answer: outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: SIMULATOR_NEEDS_CONNECTION };
  return { ok: false, message: refusalReason(outcome) };
}

export async function sendText(message: {
  from: string;
  text: string;
}): Promise<{ ok: true; outcome: InboundSmsAnswer['outcome'] } | { ok: false; message: string }> {
  const outcome = await runCommand({
    method: 'POST',
    path: '/api/sms/inbound',
    body: message,
    accept: (answer: InboundSmsAnswer) => answer?.outcome ?? null,
  });
  if (outcome.status === 'applied') return { ok: true, outcome: outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: SIMULATOR_NEEDS_CONNECTION };
  return { ok: false, message: refusalReason(outcome) };
}
