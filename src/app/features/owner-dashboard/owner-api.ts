/** The owner's changes that need the server at once (never queued on the device). */
import { refusalReason, runCommand } from '../../api/command';

export const NEEDS_CONNECTION_TO_CANCEL =
  'Cancelling a reservation needs a connection. Try again when you are back online.';

export type CancelAnswer = { ok: true } | { ok: false; message: string };

export async function cancelReservation(listingId: string): Promise<CancelAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path: `/api/listings/${encodeURIComponent(listingId)}/reservation/cancel`,
    body: {},
  });
  if (outcome.status === 'applied') return { ok: true };
  if (outcome.status === 'needs-connection') return { ok: false, message: NEEDS_CONNECTION_TO_CANCEL };
  return { ok: false, message: refusalReason(outcome) };
}
