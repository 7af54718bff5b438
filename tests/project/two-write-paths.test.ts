// The app writes to the server in two ways only (decision 049): the outbox, pushed by the
// sync engine, and runCommand. The lint rule that holds the line is checked here with the
// package's own configuration, so a later configuration for the app cannot drop it unseen.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, '.config/eslint.config.js') });

async function refusals(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

const probe = `import { apiRequest } from './api/api-client';
export async function probe(method: 'GET' | 'POST') {
  await apiRequest('GET', '/a');
  await fetch('/a', { method: 'GET' });
  await apiRequest('POST', '/a', {});
  await apiRequest('PUT', '/a', {});
  await apiRequest('PATCH', '/a', {});
  await apiRequest('DELETE', '/a');
  await apiRequest(method, '/a');
  await fetch('/a', { method: 'POST', body: '' });
}
`;

describe('two ways to write', () => {
  it('refuses a write through apiRequest or fetch in the app', async () => {
    expect(await refusals('src/app/features/probe/probe-api.ts', probe)).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('lets the command path and the outbox push send writes', async () => {
    expect(await refusals('src/app/api/command.ts', probe)).toEqual([]);
    expect(await refusals('src/app/sync/push-transport.ts', probe)).toEqual([]);
  });
});
