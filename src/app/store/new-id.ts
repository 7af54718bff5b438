/** A new row or request id made on this device: a UUIDv7, so ids sort by creation time. */
import { uuidv7 } from '#domain/ids/uuid-v7';

export function newId(): string {
  return uuidv7(Date.now(), crypto.getRandomValues(new Uint8Array(10)));
}
