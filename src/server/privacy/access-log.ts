/**
 * Logging a look at an owner's data (docs/privacy.md), called by every route that answers
 * with one: the row, the reader's count for the Lusaka day, and, the first time that count
 * passes the administrator's threshold that day, an unusual-lookups integrity alert, all in
 * one transaction. The route answers only once this has committed, so no look goes unlogged.
 */
import { randomBytes } from 'node:crypto';
import { uuidv7 } from '#domain/ids/uuid-v7';
import {
  type AccessPurpose,
  lusakaDay,
  type ReaderRole,
  unusualLookupsSummary,
} from '#domain/privacy/personal-data-access';
import type { Database } from '../db/database';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';
import { accessLogRepository } from '../repositories/access-log-repository';
import { settingsRepository } from '../repositories/settings-repository';

export interface PersonalDataLook {
  reader: { id: string; name: string; role: ReaderRole };
  plateNumber: string;
  purpose: AccessPurpose;
  /** The route's method and pattern, e.g. 'GET /api/verification/:plateNumber'. */
  route: string;
  checkId: string | null;
  ip: string | null;
}

export async function logPersonalDataAccess(db: Database, look: PersonalDataLook, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const log = accessLogRepository(tx);
    const { reader } = look;
    await log.add(
      {
        id: uuidv7(at.getTime(), randomBytes(10)),
        officerId: reader.id,
        officerName: reader.name,
        officerRole: reader.role,
        plateNumber: look.plateNumber,
        purpose: look.purpose,
        route: look.route,
        checkId: look.checkId,
        ip: look.ip,
      },
      at,
    );
    const day = lusakaDay(at);
    const { lookups, isAlerted } = await log.countLookup(reader.id, day);
    if (isAlerted) return;
    const { dailyLookups: threshold } = (await settingsRepository(tx).lookupThreshold()).settings;
    if (lookups <= threshold || !(await log.markAlerted(reader.id, day, at))) return;
    await raiseIntegrityAlert(
      tx,
      {
        kind: 'unusual-lookups',
        subjectId: reader.id,
        plateNumber: null,
        summary: unusualLookupsSummary(reader.name, reader.role, lookups, day, threshold),
        evidence: { lookups: String(lookups), day, threshold: String(threshold) },
      },
      at,
    );
  });
}
