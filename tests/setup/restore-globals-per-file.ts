/**
 * The app's tests share one module graph per worker (vite.config.ts): what a file stubs
 * (fetch, navigator, environment variables, spies) is put back when the file is done, so
 * the next file in the same worker starts from the real globals.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
