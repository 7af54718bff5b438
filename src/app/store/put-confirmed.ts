/**
 * Rows an online command's answer says the server has just stored (a fleet import, say): put
 * into the device's copy at once, so the screen shows them without waiting for the next pull.
 * The change log brings the same rows again later, which changes nothing. A row with a change of
 * this device still waiting in the outbox keeps the device's version, as a pull does.
 */
import type { LocalTableName, NambalaDatabase } from './database';

/** Rows put in one go: a large import never holds the screen for long. */
const PUT_SLICE = 500;

export async function putConfirmedRows(
  database: NambalaDatabase,
  tableName: LocalTableName,
  rows: readonly { id: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const table = database.table(tableName);
  const waiting = new Set(
    (await database.outbox.where('status').anyOf('pending', 'rejected').toArray())
      .filter((entry) => entry.table === tableName)
      .map((entry) => entry.rowId),
  );
  const puts = rows.filter((row) => !waiting.has(row.id)).map((row) => ({ ...row, syncState: 'synced' as const }));
  for (let start = 0; start < puts.length; start += PUT_SLICE)
    await database.transaction('rw', table, () => table.bulkPut(puts.slice(start, start + PUT_SLICE)));
  return puts.length;
}
