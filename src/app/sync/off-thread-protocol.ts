/** Messages between the main thread and the store worker (store-worker.ts, off-thread.ts). */
export type OffThreadTask = 'pullChanges' | 'refreshRegistryCopy' | 'refreshTrust' | 'verifyAgainstCopy';

export interface OffThreadRequest {
  id: number;
  task: OffThreadTask;
  /** What the task needs besides the store (a plate number, a check id). */
  args?: Record<string, string>;
}

/** An error as it crosses to the other thread: its class name picks the class it becomes again. */
export interface SerializedError {
  name: string;
  message: string;
  status?: number;
}

export type OffThreadReply =
  | { id: number; kind: 'progress'; value: unknown }
  | { id: number; kind: 'done'; value: unknown }
  | { id: number; kind: 'failed'; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const status = (error as { status?: unknown }).status;
  return { name: error.name, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
}
