/**
 * The administrator's decisions on the integrity queue as mutations for the one write path:
 * an alert marked reviewed, a registration made in error revoked, and a shop's right to
 * record suspended or restored.
 */
import type { IntegrityAlert } from '#domain/integrity/integrity-alert';
import type { LocalIntegrityAlert, LocalUser } from '../../store/database';
import type { Mutation } from '../../store/mutate';

export function reviewAlertMutation(
  alert: LocalIntegrityAlert,
  note: string,
  now: Date,
): Mutation<LocalIntegrityAlert> {
  return {
    intent: 'reviewIntegrityAlert',
    table: 'integrityAlerts',
    // Moves to the reviewed list at once; the next pull brings the server's own time and reviewer.
    row: { ...alert, status: 'Reviewed', reviewNote: note, reviewedAt: now.toISOString() } satisfies IntegrityAlert,
    payload: { alertId: alert.id, note },
  };
}

/** The registration the alert names, revoked: the alert is reviewed with the note, as the server words it. */
export function revokeRegistrationMutation(
  alert: LocalIntegrityAlert,
  note: string,
  now: Date,
): Mutation<LocalIntegrityAlert> {
  return {
    ...reviewAlertMutation(alert, `Registration revoked: ${note}`, now),
    intent: 'revokeRegistration',
    payload: { alertId: alert.id, note },
  };
}

export function shopRecordingMutation(shop: LocalUser, reason: string | null): Mutation<LocalUser> {
  return {
    intent: 'setShopRecording',
    table: 'adminUsers',
    row: { ...shop, recordingSuspended: reason },
    payload: reason === null ? { shopId: shop.id, suspended: false } : { shopId: shop.id, suspended: true, reason },
  };
}

/** The queue's order: open alerts oldest first (the longest wait is looked at next), reviewed ones newest review first. */
export function alertQueue(alerts: readonly LocalIntegrityAlert[]): {
  open: LocalIntegrityAlert[];
  reviewed: LocalIntegrityAlert[];
} {
  const open = alerts
    .filter((alert) => alert.status === 'Open')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const reviewedAt = (alert: LocalIntegrityAlert) => alert.reviewedAt ?? alert.createdAt;
  const reviewed = alerts
    .filter((alert) => alert.status !== 'Open')
    .sort((a, b) => reviewedAt(b).localeCompare(reviewedAt(a)) || b.id.localeCompare(a.id));
  return { open, reviewed };
}
