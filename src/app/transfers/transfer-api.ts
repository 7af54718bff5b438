/**
 * Transfers need the server at once (it decides who owns a plate): starting, cancelling,
 * accepting and declining are calls here, never queued on the device. Offline each says
 * so and changes nothing. After a change the device syncs, so both people's lists (the
 * change log's plateTransfer and ownedPlate rows) catch up.
 */
import type { PlateTransfer, TransferAcceptanceInput } from '#domain/plates/transfer';
import { onDemand } from '../components/loaded-when-open';
import type { TransferAnswer as TransferStep } from '#domain/api/transfers';
import type { ApiErrorBody } from '../api/api-client';
import { refusalFields, refusalReason, runCommand } from '../api/command';

/** The transfer forms' rules (zod): loaded once the page is idle, or with the first send. */
export const transferRules = onDemand(() => import('#domain/plates/transfer'));

export const TRANSFER_NEEDS_CONNECTION =
  'Transferring a plate needs a connection. Nothing was changed; try again when you are back online.';

export type TransferAnswer =
  { ok: true; transfer: PlateTransfer } | { ok: false; message: string; fields?: Record<string, string> };

async function call(path: string, body: object = {}): Promise<TransferAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path,
    body,
    accept: (answer: (Partial<TransferStep> & ApiErrorBody) | undefined) => answer?.transfer,
  });
  if (outcome.status === 'applied') {
    void import('../sync/sync-engine').then((module) => module.syncNow());
    return { ok: true, transfer: outcome.value };
  }
  if (outcome.status === 'needs-connection') return { ok: false, message: TRANSFER_NEEDS_CONNECTION };
  return { ok: false, message: refusalReason(outcome), ...refusalFields(outcome) };
}

export const startTransfer = (plateNumber: string, toContact: string) =>
  call(`/api/plates/${encodeURIComponent(plateNumber)}/transfers`, { toContact });
export const cancelTransfer = (id: string) => call(`/api/transfers/${encodeURIComponent(id)}/cancel`);
export const declineTransfer = (id: string) => call(`/api/transfers/${encodeURIComponent(id)}/decline`);
export const acceptTransfer = (id: string, acceptance: TransferAcceptanceInput) =>
  call(`/api/transfers/${encodeURIComponent(id)}/accept`, acceptance);
/** Following an invitation's link: the signed-in account becomes the transfer's recipient. */
export const claimInvitation = (token: string) => call('/api/transfers/claim', { token });
