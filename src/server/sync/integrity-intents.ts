/**
 * The administrator's decisions on the integrity queue (Admin → Compliance): an alert marked
 * reviewed with what was found, a plate shop's right to record suspended or restored, and a
 * registration made in error revoked.
 * A suspended shop's records are refused with the reason (agent-intents.ts), and the shop is
 * told at once.
 */
import { ALERT_ALREADY_REVIEWED, NOT_A_SHOP } from '#domain/integrity/integrity-alert';
import {
  ALERT_NAMES_NO_PLATE,
  alertReviewSchema,
  NOT_YOUR_PLATE,
  nothingToRevoke,
  registrationReportSchema,
  registrationRevocationSchema,
  shopRecordingSchema,
} from '#domain/integrity/integrity-decisions';
import type { Queryable } from '../db/database';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { agentRepository } from '../repositories/agent-repository';
import { plateRepository } from '../repositories/plate-repository';
import { notify } from '../notifications/notify';
import { auditRepository } from '../repositories/audit-repository';
import { integrityAlertRepository } from '../repositories/integrity-alert-repository';
import { userRepository } from '../repositories/user-repository';
import { actor, defineIntent, Refusal } from './intent';

/** The alert a decision is about, locked: refused when it is gone or already decided. */
async function openAlert(tx: Queryable, alertId: string) {
  const alerts = integrityAlertRepository(tx);
  const alert = await alerts.find(alertId, { forUpdate: true });
  if (!alert) throw new Refusal(404, 'This alert no longer exists.');
  if (alert.status !== 'Open') throw new Refusal(409, ALERT_ALREADY_REVIEWED);
  return { alerts, alert };
}

export const reviewIntegrityAlert = defineIntent({
  access: 'registry:manage',
  payload: alertReviewSchema,
  async apply(context, { alertId, note }) {
    const admin = actor(context);
    const { alerts, alert } = await openAlert(context.tx, alertId);
    await alerts.review(alertId, admin.id, note, context.now());
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: 'integrity.reviewed',
      target: alertId,
      detail: { kind: alert.kind, plateNumber: alert.plateNumber, note },
      ip: context.ip,
    });
    return undefined;
  },
});

/**
 * A registration the alert shows was made in error, revoked: the plate's standing becomes
 * Revoked on every device, nothing is re-issued, the owner and the shop are told, and the
 * alert is reviewed with the administrator's note.
 */
export const revokeRegistration = defineIntent({
  access: 'registry:manage',
  payload: registrationRevocationSchema,
  async apply(context, { alertId, note }) {
    const admin = actor(context);
    const { alerts, alert } = await openAlert(context.tx, alertId);
    if (!alert.plateNumber) throw new Refusal(422, ALERT_NAMES_NO_PLATE);
    const revoked = await plateLifecycle(context.tx).revokeInError(alert.plateNumber, note, {
      id: admin.id,
      ip: context.ip,
      alertId,
    });
    if (!revoked) throw new Refusal(409, nothingToRevoke(alert.plateNumber));
    await alerts.review(alertId, admin.id, `Registration revoked: ${note}`, context.now());
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: 'integrity.reviewed',
      target: alertId,
      detail: { kind: alert.kind, plateNumber: alert.plateNumber, note, revoked: true },
      ip: context.ip,
    });
    return undefined;
  },
});

export const setShopRecording = defineIntent({
  access: 'registry:manage',
  payload: shopRecordingSchema,
  async apply(context, decision) {
    const admin = actor(context);
    const users = userRepository(context.tx);
    const shop = await users.findById(decision.shopId);
    if (!shop?.roles.includes('agent')) throw new Refusal(422, NOT_A_SHOP);
    const reason = decision.suspended ? decision.reason : null;
    if (shop.recordingSuspended === reason) return undefined;
    await users.setRecordingSuspended(shop.id, reason);
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: decision.suspended ? 'shop.suspended' : 'shop.restored',
      target: shop.id,
      detail: { reason },
      ip: context.ip,
    });
    await notify(
      context.tx,
      shop.id,
      decision.suspended
        ? {
            kind: 'shop-suspended',
            title: 'Your shop’s right to record is suspended',
            body: `The registry suspended your shop’s right to record sales, manufacturing and stock: ${decision.reason}. Records are refused until it is lifted.`,
            link: '/dashboard/agent',
          }
        : {
            kind: 'shop-restored',
            title: 'Your shop may record again',
            body: 'The registry lifted the suspension: your shop’s records are accepted again.',
            link: '/dashboard/agent',
          },
    );
    return undefined;
  },
});

/**
 * "Not you? Report it": the owner of a plate reports a registration they do not recognise.
 * It becomes an integrity alert against the shop that registered it (once per plate while it
 * is open), and the administrators are told.
 */
export const reportRegistration = defineIntent({
  access: 'signed-in',
  payload: registrationReportSchema,
  async apply(context, { plateNumber, note }) {
    const owner = actor(context);
    const plate = await plateRepository(context.tx).find(plateNumber.toUpperCase());
    if (!plate || plate.ownerId !== owner.id) throw new Refusal(403, NOT_YOUR_PLATE);
    const alerts = integrityAlertRepository(context.tx);
    const already = (await alerts.list({ status: 'Open', subjectId: plate.agentId ?? undefined })).some(
      (alert) => alert.kind === 'registration-reported' && alert.plateNumber === plate.plateNumber,
    );
    if (already) return undefined;
    const sale = await agentRepository(context.tx).saleOf(plate.plateNumber);
    await raiseIntegrityAlert(
      context.tx,
      {
        kind: 'registration-reported',
        subjectId: plate.agentId,
        plateNumber: plate.plateNumber,
        summary: `${owner.name}, the owner of ${plate.plateNumber}, reports a registration they do not recognise: ${note}`,
        evidence: {
          'Reported by': `${owner.name} (${owner.email})`,
          Note: note,
          ...(sale
            ? {
                'Owner recorded at the sale': `${sale.ownerName} (${sale.ownerNrc})`,
                Vehicle: sale.vehicle,
                'Sale date': sale.saleDate,
                'Entitlement reference': sale.entitlementReference,
              }
            : {}),
        },
      },
      context.now(),
    );
    return undefined;
  },
});
