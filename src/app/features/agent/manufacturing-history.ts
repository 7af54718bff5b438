/**
 * The versions a plate's manufacturing record went through, as the server sends them with the
 * record (oldest first). Read defensively: a record written on this device before it synced,
 * or pulled from an older server, has none.
 */
import { MANUFACTURING_STATUSES, type ManufacturingStatus } from '#domain/statuses/statuses';

export interface ManufacturingVersion {
  status: ManufacturingStatus;
  batchNumber: string;
  productionDate: string;
  notes: string;
  recordedAt: string;
}

function isVersion(value: unknown): value is ManufacturingVersion {
  if (typeof value !== 'object' || value === null) return false;
  const version = value as Record<string, unknown>;
  return (
    typeof version.status === 'string' &&
    (MANUFACTURING_STATUSES as readonly string[]).includes(version.status) &&
    typeof version.batchNumber === 'string' &&
    typeof version.productionDate === 'string' &&
    typeof version.recordedAt === 'string'
  );
}

export function manufacturingHistory(record: object): ManufacturingVersion[] {
  const history: unknown = 'history' in record ? record.history : undefined;
  return Array.isArray(history)
    ? history
        .filter(isVersion)
        .map((version) => ({ ...version, notes: typeof version.notes === 'string' ? version.notes : '' }))
    : [];
}
