/**
 * The administrator's Refunds as the server holds them (GET /api/admin/refunds) and the retry
 * of a failed one (POST /api/admin/refunds/:id/retry). Online only: a refund is money moved by
 * the payment provider, never queued on a device.
 */
import type { AdminRefund, AdminRefundAnswer, AdminRefundsAnswer, CancelOrderAnswer } from '#domain/api/payments';
import { apiRequest, NetworkError } from '../../api/api-client';
import { runCommand } from '../../api/command';

export type { AdminRefund, CancelOrderAnswer };

export const REFUNDS_OFFLINE = 'Refunds are read from the server, and this device is offline.';
export const RETRY_NEEDS_CONNECTION =
  'Retrying a refund needs a connection. Nothing was changed; try again when you are back online.';

export type Answer<T> = ({ ok: true } & T) | { ok: false; message: string };

function refusal(status: number, message: string | null | undefined): string {
  if (message) return message;
  if (status === 401) return 'Your session has ended. Sign in again to see refunds.';
  if (status === 403) return 'Only an administrator can see refunds.';
  return `The server could not answer just now (error ${status}). Please try again in a moment.`;
}

export async function fetchRefunds(): Promise<Answer<AdminRefundsAnswer>> {
  try {
    const result = await apiRequest<unknown>('GET', '/api/admin/refunds');
    const body = result.body as Partial<AdminRefundsAnswer> & { message?: string };
    if (result.ok && Array.isArray(body?.refunds)) return { ok: true, refunds: body.refunds };
    return { ok: false, message: refusal(result.status, body?.message) };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: REFUNDS_OFFLINE };
    throw error;
  }
}

export async function retryRefund(id: string): Promise<Answer<AdminRefundAnswer>> {
  const outcome = await runCommand({
    method: 'POST',
    path: `/api/admin/refunds/${encodeURIComponent(id)}/retry`,
    body: undefined,
    accept: (answer: unknown) =>
      typeof answer === 'object' && answer !== null && 'refund' in answer ? (answer as AdminRefundAnswer) : null,
  });
  if (outcome.status === 'applied') return { ok: true, ...outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: RETRY_NEEDS_CONNECTION };
  return { ok: false, message: refusal(outcome.httpStatus, outcome.reason) };
}

export const CANCEL_NEEDS_CONNECTION =
  'Cancelling an order needs a connection. Nothing was changed; try again when you are back online.';

/** POST /api/admin/orders/:id/cancel: a marketplace order cancelled before manufacturing, and its refund. */
export async function cancelOrder(orderId: string, reason: string): Promise<Answer<CancelOrderAnswer>> {
  const outcome = await runCommand({
    method: 'POST',
    path: `/api/admin/orders/${encodeURIComponent(orderId)}/cancel`,
    body: { reason },
    accept: (answer: unknown) =>
      typeof answer === 'object' && answer !== null && 'order' in answer ? (answer as CancelOrderAnswer) : null,
  });
  if (outcome.status === 'applied') return { ok: true, ...outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: CANCEL_NEEDS_CONNECTION };
  return { ok: false, message: refusal(outcome.httpStatus, outcome.reason) };
}
