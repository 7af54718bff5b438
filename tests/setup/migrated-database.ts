/**
 * Vitest global setup: one embedded database, migrated, written once per run to a file
 * that every test's database starts from (tests/server/test-app.ts). Most of a new
 * in-memory PGlite's cost is its own initdb, 1.5–4 s on a 2-core runner, paid by each of the
 * ~70 databases the suites open; loading a copy of one already made takes about a third of that.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database's copy (a PGlite data directory as a tar file). */
    migratedDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'nambala-tests-'));
  const file = path.join(folder, 'migrated.tar');
  const db = await openPglite('memory://');
  await migrate(db);
  const copy = await db.dumpDataDir?.();
  await db.close();
  if (!copy) throw new Error('the embedded database gave no copy of itself');
  await writeFile(file, copy);
  project.provide('migratedDatabase', file);
  return () => rm(folder, { recursive: true, force: true });
}
