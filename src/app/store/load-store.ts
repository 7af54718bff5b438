/**
 * The device's store (Dexie, the schema, live queries), fetched on first use: a
 * screen that only reads, or writes on a click, does not carry the database library
 * in its own code (decision 017).
 */
export const loadStore = () => import('./database');
