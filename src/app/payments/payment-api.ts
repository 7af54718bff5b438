/**
 * Payments as the server reports them (GET /api/payments/:id), and a payer's answers to
 * them (commands): online only — a payment is never made from a device's outbox, so it
 * can never be charged twice by a replay. Amounts are ngwee.
 */
import type { Receipt } from '#domain/payments/receipt';
import type { PaymentAnswer as PaymentBody, PaymentsAnswer } from '#domain/api/payments';
import { type ApiErrorBody, apiRequest, NetworkError } from '../api/api-client';
import { refusalFields, refusalReason, runCommand } from '../api/command';

// The type lives in the domain, shared with the device's store; importers here keep working.
export type { Receipt };

export type PaymentAnswer =
  { ok: true; payment: Receipt } | { ok: false; message: string; fields?: Record<string, string> };

export const NEEDS_CONNECTION = 'Payments need a connection. Nothing was charged; try again when you are back online.';

async function read(path: string): Promise<PaymentAnswer> {
  try {
    const result = await apiRequest<Partial<PaymentBody> & ApiErrorBody>('GET', path);
    if (result.ok && result.body.payment) return { ok: true, payment: result.body.payment };
    return {
      ok: false,
      message: result.body?.message ?? `The server answered ${result.status}.`,
      ...(result.body?.fields ? { fields: result.body.fields } : {}),
    };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: NEEDS_CONNECTION };
    throw error;
  }
}

async function send(path: string, body: unknown): Promise<PaymentAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path,
    body,
    accept: (answer: Partial<PaymentBody>) => answer.payment,
  });
  if (outcome.status === 'applied') return { ok: true, payment: outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: NEEDS_CONNECTION };
  return { ok: false, message: refusalReason(outcome), ...refusalFields(outcome) };
}

export const fetchPayment = (id: string) => read(`/api/payments/${encodeURIComponent(id)}`);
export const answerSandboxPrompt = (id: string, answer: 'approve' | 'decline') =>
  send(`/api/payments/${encodeURIComponent(id)}/sandbox-prompt`, { answer });

export async function fetchMyPayments(): Promise<{ ok: true; payments: Receipt[] } | { ok: false; message: string }> {
  try {
    const result = await apiRequest<Partial<PaymentsAnswer> & ApiErrorBody>('GET', '/api/payments');
    if (result.ok && result.body.payments) return { ok: true, payments: result.body.payments };
    return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError)
      return { ok: false, message: 'Your payments are shown when this device is online.' };
    throw error;
  }
}
