/**
 * Long work on the event loop, a slice at a time. A request's CPU work (reading a fleet
 * file of 10,000 rows, say) would otherwise hold the one thread every other request
 * needs: /api/health once waited 16 s behind one import. Work written as a generator
 * that yields between small steps runs here until a slice has taken SLICE_MS, then lets
 * the event loop answer whatever is waiting, and goes on.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest stretch the work holds the event loop before it lets others run. */
export const SLICE_MS = 4;

export async function runInSteps<T>(steps: Generator<undefined, T, undefined>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
