/** The owner's changes that need the server at once (never queued on the device). */
import type { ListingAnswer } from '#domain/api/marketplace';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../api/api-client';

export const NEEDS_CONNECTION_TO_CANCEL =
  'Cancelling a reservation needs a connection. Try again when you are back online.';

export type CancelAnswer = { ok: true } | { ok: false; message: string };

export async function cancelReservation(listingId: string): Promise<CancelAnswer> {
  try {
    const result = await apiRequest<Partial<ListingAnswer> & ApiErrorBody>(
      'POST',
      `/api/listings/${encodeURIComponent(listingId)}/reservation/cancel`,
      {},
    );
    return result.ok
      ? { ok: true }
      : { ok: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: NEEDS_CONNECTION_TO_CANCEL };
    throw error;
  }
}
