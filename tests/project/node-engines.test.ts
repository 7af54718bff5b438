// The Node.js the README promises is the one every installed package accepts: `npm install`
// on the oldest promised version prints no EBADENGINE warning.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
};
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('the promised Node.js version', () => {
  const oldest = semver.minVersion(pkg.engines.node)?.version ?? '';

  it('is the README’s', () => {
    expect(oldest).toMatch(/^\d+\.\d+\.\d+$/);
    const [major, minor] = oldest.split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it('is accepted by every package in the lock file', () => {
    const refusing = Object.entries(lock.packages)
      // An optional package whose engines refuse is skipped by npm without a warning.
      .filter(([name, entry]) => name !== '' && entry.optional !== true)
      .flatMap(([name, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !semver.satisfies(oldest, wanted)
          ? [`${name.replace(/^.*node_modules\//, '')} wants node ${wanted}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
