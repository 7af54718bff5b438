/**
 * Several records read in one read-only IndexedDB transaction, straight through the
 * browser's API under the store's own connection. For the roadside check only: the
 * check is a handful of gets, and Dexie's transaction and promise bookkeeping cost
 * about three times the reads themselves there (0.8 ms raw against 3.5 ms median,
 * measured in Chromium; docs/decisions/015-roadside-lookup-reads.md). Everything
 * else reads through Dexie.
 */
import type { NambalaDatabase } from './database';

export type Read = { table: string; key: IDBValidKey; all?: false } | { table: string; all: true };

/** Answers in the order of `reads`: the record (or undefined) for a get, an array for `all`. */
export async function readAtOnce(database: NambalaDatabase, reads: readonly Read[]): Promise<unknown[]> {
  if (reads.length === 0) return [];
  // Not isOpen(): that is true already while the store is being created or upgraded, when
  // a transaction of our own fails ("a version change transaction is running"). open()
  // waits for that to finish, and is a settled promise once open.
  await database.open();
  const connection = database.backendDB();
  return new Promise((resolve, reject) => {
    const transaction = connection.transaction([...new Set(reads.map((read) => read.table))], 'readonly');
    const answers = new Array<unknown>(reads.length);
    let left = reads.length;
    reads.forEach((read, index) => {
      const store = transaction.objectStore(read.table);
      const request = read.all ? store.getAll() : store.get(read.key);
      // Every answer is in once the last request succeeds; a read-only transaction has nothing to commit.
      request.onsuccess = () => {
        answers[index] = request.result;
        left -= 1;
        if (left === 0) resolve(answers);
      };
    });
    transaction.onerror = () => reject(transaction.error ?? new Error('the device store could not be read'));
    transaction.onabort = () => reject(transaction.error ?? new Error('the device store could not be read'));
  });
}
