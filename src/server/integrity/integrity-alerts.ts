/**
 * Raising an integrity alert: stored for the administrators' queue (Compliance page), put on
 * their devices, and each active administrator told, all in the caller's transaction. Called
 * by the push engine for a refusal that carries an alert (after the refused change is undone,
 * so the alert outlives it), and by any workflow that finds something to review.
 */
import { randomBytes } from 'node:crypto';
import { INTEGRITY_ALERT_LABELS, type IntegrityAlert } from '#domain/integrity/integrity-alert';
import { uuidv7 } from '#domain/ids/uuid-v7';
import type { Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { integrityAlertRepository, type NewIntegrityAlert } from '../repositories/integrity-alert-repository';
import { userRepository } from '../repositories/user-repository';

export const INTEGRITY_QUEUE_LINK = '/dashboard/admin/compliance';

export async function raiseIntegrityAlert(tx: Queryable, alert: NewIntegrityAlert, at: Date): Promise<IntegrityAlert> {
  const stored = await integrityAlertRepository(tx).add(uuidv7(at.getTime(), randomBytes(10)), alert, at);
  const who = stored.subjectName ? ` (${stored.subjectName})` : '';
  for (const adminId of await userRepository(tx).activeAdminIds()) {
    await notify(tx, adminId, {
      kind: 'integrity-alert',
      title: `Integrity alert: ${INTEGRITY_ALERT_LABELS[stored.kind]}${who}`,
      body: stored.summary,
      link: INTEGRITY_QUEUE_LINK,
    });
  }
  return stored;
}
