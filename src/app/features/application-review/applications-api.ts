/**
 * The administrator's Plate Requests as the server holds them (GET /api/admin/requests),
 * decisions (POST /api/admin/requests/decide) and the bank transfers waiting to be marked
 * received. All online only: a decision allocates numbers and picks a shop from the
 * server's state at that moment, so it is never queued on the device (decision 010).
 */
import type { PaymentAnswer, PendingPayment, PendingPaymentsAnswer } from '#domain/api/payments';
import type {
  AdminApplication,
  AdminApplicationsAnswer,
  DecisionOutcome,
  DecisionsAnswer,
  UndoAnswer,
} from '#domain/api/applications';
import type { AdminOrder, AdminOrdersAnswer } from '#domain/api/marketplace';
import { apiRequest, NetworkError } from '../../api/api-client';
import { runCommand } from '../../api/command';

export type { AdminApplication, AdminOrder, DecisionOutcome, PendingPayment };

export const DECISIONS_NEED_CONNECTION =
  'Decisions need a connection. Nothing was changed; try again when you are back online.';
export const LIST_NEEDS_CONNECTION = 'The plate requests are read from the server, and this device is offline.';
export const UNDO_NEEDS_CONNECTION =
  'Undo needs a connection. Nothing was changed; try again while Undo is still shown.';
export const CONFIRMING_NEEDS_CONNECTION =
  'Marking a transfer received needs a connection. Nothing was changed; try again when you are back online.';

export type Answer<T> = ({ ok: true } & T) | { ok: false; message: string; status: number };

/** The server's words for a refusal, or a plain sentence for the status when it sent none. */
function refusal(status: number, message: string | null | undefined): string {
  if (message) return message;
  if (status === 401) return 'Your session has ended. Sign in again to review requests.';
  if (status === 403) return 'Only an administrator can review plate requests.';
  return `The server could not answer just now (error ${status}). Please try again in a moment.`;
}

async function read<T extends object>(
  path: string,
  offline: string,
  isAnswer: (body: unknown) => body is T,
): Promise<Answer<T>> {
  try {
    const result = await apiRequest<unknown>('GET', path);
    if (result.ok && isAnswer(result.body)) return { ok: true, ...result.body };
    return {
      ok: false,
      status: result.status,
      message: refusal(result.status, (result.body as { message?: string } | undefined)?.message),
    };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, status: 0, message: offline };
    throw error;
  }
}

async function send<T extends object>(
  path: string,
  body: unknown,
  offline: string,
  isAnswer: (body: unknown) => body is T,
): Promise<Answer<T>> {
  const outcome = await runCommand({
    method: 'POST',
    path,
    body,
    accept: (answer: unknown) => (isAnswer(answer) ? answer : null),
  });
  if (outcome.status === 'applied') return { ok: true, ...outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, status: 0, message: offline };
  return { ok: false, status: outcome.httpStatus, message: refusal(outcome.httpStatus, outcome.reason) };
}

/** A body with these keys: the shape the route's schema promises, checked before it is trusted. */
const shaped =
  <T extends object>(...keys: string[]) =>
  (body: unknown): body is T =>
    typeof body === 'object' && body !== null && keys.every((key) => key in body);

export const fetchApplications = () =>
  read('/api/admin/requests', LIST_NEEDS_CONNECTION, shaped<AdminApplicationsAnswer>('requests'));

export const decideApplications = (input: {
  ids: readonly string[];
  decision: 'approve' | 'reject';
  reason?: string;
}) =>
  send('/api/admin/requests/decide', input, DECISIONS_NEED_CONNECTION, shaped<DecisionsAnswer>('outcomes', 'requests'));

/** Takes back decisions while their window lasts; the server refuses (409) once it has passed. */
export const undoDecisions = (decisionIds: readonly string[]) =>
  send('/api/admin/requests/undo', { decisionIds }, UNDO_NEEDS_CONNECTION, shaped<UndoAnswer>('undone', 'requests'));

export const fetchPendingPayments = () =>
  read(
    '/api/admin/payments',
    'Bank transfers are read from the server, and this device is offline.',
    shaped<PendingPaymentsAnswer>('payments'),
  );

export const markTransferReceived = (paymentId: string) =>
  send(
    `/api/admin/payments/${encodeURIComponent(paymentId)}/received`,
    undefined,
    CONFIRMING_NEEDS_CONNECTION,
    shaped<PaymentAnswer>('payment'),
  );

/** The newest marketplace orders (PO-), which the Plate Requests search also looks through. */
export const fetchMarketplaceOrders = () =>
  read(
    '/api/admin/orders',
    'Marketplace orders are read from the server, and this device is offline.',
    shaped<AdminOrdersAnswer>('orders'),
  );
