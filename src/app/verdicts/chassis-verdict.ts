/**
 * An officer's lookup of a vehicle by its chassis number: the registry's verdict on the
 * plate registered to it, with the owner's name (logged by the server like any owner
 * lookup). Online only: the device's copy holds no chassis numbers.
 */
import { apiRequest, NetworkError } from '../api/api-client';
import { newId } from '../store/new-id';
import { resultFromRegistryAnswer } from './registry-answer';
import type { OnlineVerdict } from './verdict-request';
import type { VerificationOutcome } from './verification-outcome';

const NEEDS_CONNECTION: VerificationOutcome = {
  kind: 'problem',
  title: 'You are offline',
  detail:
    'Looking a vehicle up by its chassis number needs a connection. Scan the plate’s QR code, or type its number.',
};

export async function verdictByChassis(
  chassisNumber: string,
  now: () => number = Date.now,
): Promise<VerificationOutcome> {
  if (!navigator.onLine) return NEEDS_CONNECTION;
  const id = newId();
  const query = new URLSearchParams({ checkId: id });
  try {
    const answer = await apiRequest<OnlineVerdict>(
      'GET',
      `/api/verification/chassis/${encodeURIComponent(chassisNumber.trim())}?${query.toString()}`,
    );
    if (!answer.ok)
      return {
        kind: 'problem',
        title: answer.status === 404 ? 'No vehicle found' : 'Check the chassis number',
        detail: answer.body.message ?? 'The chassis number could not be looked up.',
      };
    return resultFromRegistryAnswer(answer.body, { id, checkedAt: new Date(now()).toISOString(), clockSkewMs: null });
  } catch (error) {
    if (error instanceof NetworkError) return NEEDS_CONNECTION;
    throw error;
  }
}
