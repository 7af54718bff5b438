/**
 * A claim as the agent saves it, as a mutation for the one write path: it works offline.
 * Until the server numbers it, the claim has no number ('') and its holder and plate are
 * the device's copy of the policy's; the server's row replaces it when it comes back.
 */
import type { ClaimInput, ClaimPhoto } from '#domain/insurance/claim';
import type { LocalInsuranceClaim, LocalInsurancePolicy } from '../../store/database';
import type { Mutation } from '../../store/mutate';
import { onDemand } from '../../components/loaded-when-open';

/** The claim forms' rules (zod): loaded once the page is idle, or with the first save or rejection. */
export const claimRules = onDemand(() => import('#domain/insurance/claim'));

export function saveClaimMutation(
  input: ClaimInput,
  agentId: string,
  policy: LocalInsurancePolicy,
  before: LocalInsuranceClaim | undefined,
  now = new Date(),
): Mutation<LocalInsuranceClaim> {
  const at = now.toISOString();
  const known = new Map((before?.photos ?? []).map((photo) => [photo.sha256, photo]));
  const photos: ClaimPhoto[] = input.photos.map((photo) => ({
    ...photo,
    isComplete: known.get(photo.sha256)?.isComplete ?? false,
  }));
  return {
    intent: 'saveClaim',
    table: 'insuranceClaims',
    row: {
      id: input.id,
      claimNumber: before?.claimNumber ?? '',
      agentId,
      policyId: input.policyId,
      customerId: policy.customerId,
      plateNumber: policy.plateNumber,
      incidentDate: input.incidentDate,
      incidentPlace: input.incidentPlace,
      description: input.description,
      otherPartyPlate: input.otherPartyPlate,
      status: before?.status ?? 'Submitted',
      rejectReason: before?.rejectReason ?? null,
      photos,
      assessedAt: before?.assessedAt ?? null,
      decidedAt: before?.decidedAt ?? null,
      paidAt: before?.paidAt ?? null,
      createdAt: before?.createdAt ?? at,
      updatedAt: at,
      // The server keeps an amount once recorded; the device shows the same until its row comes back.
      claimedAmount: input.claimedAmount ?? before?.claimedAmount ?? null,
      assessedAmount: before?.assessedAmount ?? null,
      approvedAmount: before?.approvedAmount ?? null,
      paidAmount: before?.paidAmount ?? null,
      paymentMethod: before?.paymentMethod ?? null,
      paymentReference: before?.paymentReference ?? null,
      paidOn: before?.paidOn ?? null,
    },
    payload: input,
  };
}
