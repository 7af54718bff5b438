/**
 * Asking the server where a number stands (GET /api/plates/:plateNumber/availability): the
 * home page's Check Availability and the wizard's chosen numbers both ask through here.
 * A number that is not a plate number comes back as 'error' with the server's message.
 */
import type { AvailabilityAnswer } from '#domain/api/numbers';
import { apiRequest, NetworkError } from '../api/api-client';

export type Availability =
  AvailabilityAnswer | { plateNumber: string; availability: 'offline' | 'error'; message: string };

export const CHECK_NEEDS_CONNECTION =
  'Checking a number needs a connection. The marketplace you last saw is still on this device.';

export async function checkAvailability(plateNumber: string): Promise<Availability> {
  try {
    const response = await apiRequest<AvailabilityAnswer & { message?: string }>(
      'GET',
      `/api/plates/${encodeURIComponent(plateNumber)}/availability`,
    );
    if (response.ok) return response.body;
    return {
      plateNumber,
      availability: 'error',
      message: response.body.message ?? 'The number could not be checked. Try again.',
    };
  } catch (error) {
    if (error instanceof NetworkError) return { plateNumber, availability: 'offline', message: CHECK_NEEDS_CONNECTION };
    throw error;
  }
}

/** Whether a number in this state can be applied for in the wizard. */
export const canApplyFor = (answer: Availability): boolean => answer.availability === 'free';
