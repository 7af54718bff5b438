/**
 * A claim as an insurance agent records it, usually at the scene and often offline: pushed
 * later through the one write path. The server numbers a new claim (CLM-000001), checks it
 * is on one of the agent's own policies, that the incident date fits the policy and is not
 * in the future, that the other party's plate is in the registry, and takes note of its
 * photos (their bytes follow by upload, src/server/routes/claim-routes.ts). A claim is
 * changed only until it is decided. Written under the agent's lock, audited, and the policy
 * holder is told when they have a Nambala account.
 */
import {
  CLAIM_NOT_YOURS,
  claimDateProblem,
  claimInputSchema,
  claimNotEditableMessage,
  claimStepNotice,
  EDITABLE_CLAIM_STATUSES,
  MAX_PHOTOS_PER_CLAIM,
  photoLimitMessage,
  unknownOtherPlateMessage,
} from '#domain/insurance/claim';
import { POLICY_NOT_YOURS } from '#domain/insurance/policy';
import { auditRepository } from '../repositories/audit-repository';
import { claimRepository } from '../repositories/claim-repository';
import { insuranceRepository } from '../repositories/insurance-repository';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { notify } from '../notifications/notify';
import { actor, defineIntent, Refusal } from './intent';

/** The server's calendar day, a day ahead: a device east of UTC (Zambia is UTC+2) may already be in tomorrow. */
const latestIncidentDay = (now: Date) => new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);

export const saveClaim = defineIntent({
  access: 'insurance:manage',
  payload: claimInputSchema,
  async apply(context, input) {
    const agent = actor(context);
    const insurance = insuranceRepository(context.tx);
    const claims = claimRepository(context.tx);
    const at = context.now();
    await insurance.lockAgent(agent.id);

    const before = await claims.find(input.id);
    if (before && before.agentId !== agent.id) throw new Refusal(404, CLAIM_NOT_YOURS);
    if (before && !EDITABLE_CLAIM_STATUSES.includes(before.status))
      throw new Refusal(409, claimNotEditableMessage(before.claimNumber, before.status));

    const policy = await insurance.findPolicy(input.policyId);
    if (!policy || policy.agentId !== agent.id)
      throw new Refusal(404, POLICY_NOT_YOURS, { policyId: POLICY_NOT_YOURS });
    const dateProblem = claimDateProblem(input.incidentDate, policy, latestIncidentDay(at));
    if (dateProblem) throw new Refusal(422, dateProblem, { incidentDate: dateProblem });
    if (input.otherPartyPlate !== null && !(await claims.isRegistered(input.otherPartyPlate))) {
      const message = unknownOtherPlateMessage(input.otherPartyPlate);
      throw new Refusal(422, message, { otherPartyPlate: message });
    }
    // Photos are only ever added: two devices may each add some, and neither loses the other's.
    const known = new Set(before?.photos.map((photo) => photo.sha256) ?? []);
    const fresh = input.photos.filter((photo) => !known.has(photo.sha256));
    if (known.size + fresh.length > MAX_PHOTOS_PER_CLAIM)
      throw new Refusal(422, photoLimitMessage, { photos: photoLimitMessage });

    if (before) await claims.updateDetails(input, at);
    else await claims.insert(agent.id, input, at);
    await claims.addPhotos(input.id, fresh, at);
    const saved = await claims.publish(input.id);
    // The plate's owner sees the claims on their plate (with the amount claimed) in its view.
    await plateLifecycle(context.tx).publish(saved.plateNumber);
    await auditRepository(context.tx).record({
      actorId: agent.id,
      action: before ? 'insurance.claim.edit' : 'insurance.claim.submit',
      target: saved.id,
      detail: {
        claimNumber: saved.claimNumber,
        policyNumber: policy.policyNumber,
        plateNumber: saved.plateNumber,
        photosAdded: fresh.length,
        claimedAmount: saved.claimedAmount,
      },
      ip: context.ip,
    });
    const holder = before ? null : await claims.holderAccount(saved.id);
    if (holder)
      await notify(context.tx, holder, {
        kind: 'insurance-claim',
        ...claimStepNotice(saved, policy.insurer),
        link: null,
      });
    return { claimNumber: saved.claimNumber };
  },
});
