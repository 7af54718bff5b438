// The server says at start when messages would carry links nobody can open.
import { describe, expect, it } from 'vitest';
import { loadConfig, startWarnings } from '../../src/server/config';

const warningsFor = (env: NodeJS.ProcessEnv) => startWarnings(env, loadConfig({ PORT: '8080', ...env }));

describe('start warnings', () => {
  it('warns when messages reach people and PUBLIC_ORIGIN is not set', () => {
    for (const env of [{ NODE_ENV: 'production' }, { MESSAGE_PROVIDER: 'smtp' }]) {
      const [warning, ...rest] = warningsFor(env);
      expect(rest).toEqual([]);
      expect(warning).toMatch(/^PUBLIC_ORIGIN is not set: links in SMS and email point at http:\/\/localhost:8080,/);
    }
  });

  it('stays quiet on a developer’s machine, and once PUBLIC_ORIGIN is set', () => {
    expect(warningsFor({})).toEqual([]);
    expect(warningsFor({ NODE_ENV: 'development' })).toEqual([]);
    expect(warningsFor({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://nambala.zm' })).toEqual([]);
    expect(warningsFor({ MESSAGE_PROVIDER: 'smtp', PUBLIC_ORIGIN: 'https://nambala.zm/' })).toEqual([]);
  });
});
