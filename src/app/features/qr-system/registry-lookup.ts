/**
 * An administrator's look-up of one plate in the registry: online only, since the
 * device holds no owners' details. Every answer becomes something to show.
 */
import type { AdminRegistryPlateAnswer, RegistryPlate } from '#domain/api/registry';
import type { RegistryStanding } from '#domain/registry/registry-copy';
import { apiRequest, type ApiErrorBody, NetworkError } from '../../api/api-client';

/** What GET /api/admin/registry/:plateNumber answers for a registered plate, and its standing. */
export type { RegistryPlate, RegistryStanding as PlateStanding };

export type LookupOutcome =
  | { kind: 'found'; plate: RegistryPlate }
  /** The number itself was refused: shown under the field. */
  | { kind: 'invalid'; message: string }
  | { kind: 'message'; tone: 'info' | 'warning'; title: string; detail: string };

export const LOOKUP_NEEDS_CONNECTION =
  'Looking a plate up needs a connection: the registry’s owner details are not kept on this device. Try again when you are back online.';

export async function lookUpPlate(plateNumber: string): Promise<LookupOutcome> {
  try {
    const result = await apiRequest<AdminRegistryPlateAnswer & ApiErrorBody>(
      'GET',
      `/api/admin/registry/${encodeURIComponent(plateNumber)}`,
    );
    if (result.ok) return { kind: 'found', plate: result.body.plate };
    const message = result.body?.message;
    if (result.status === 400)
      return {
        kind: 'invalid',
        message: result.body?.fields?.plateNumber ?? message ?? 'Please check the plate number.',
      };
    if (result.status === 404)
      return {
        kind: 'message',
        tone: 'info',
        title: 'Not in the registry',
        detail: message ?? `${plateNumber} is not in the registry.`,
      };
    return {
      kind: 'message',
      tone: 'warning',
      title: 'The look-up did not work',
      detail: message ?? `The server answered ${result.status}.`,
    };
  } catch (error) {
    if (error instanceof NetworkError)
      return { kind: 'message', tone: 'warning', title: 'You are offline', detail: LOOKUP_NEEDS_CONNECTION };
    throw error;
  }
}
