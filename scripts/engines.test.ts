import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The README promises the Node.js versions `engines` declares. Every installed package must
 * run on the oldest of them, or `npm ci` warns (EBADENGINE) and the package may not work:
 * cookie 2 wants Node 22 while the console declares 20.19.
 */

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<
    string,
    { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }
  >;
};

/** Each locked package whose `engines.node` excludes `version`, as "path wants range". */
export function packagesExcluding(packages: typeof lock.packages, version: string): string[] {
  return Object.entries(packages)
    .filter(([location]) => location !== '')
    .flatMap(([location, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range || semver.satisfies(version, range, { includePrerelease: true })) return [];
      return [`${location.replace(/^.*node_modules\//, '')} wants node ${range}`];
    });
}

describe('the declared Node.js versions and the dependencies agree', () => {
  const oldest = semver.minVersion(manifest.engines.node)?.version;

  it('every locked package runs on the oldest Node.js the console declares', () => {
    expect(oldest).toBeDefined();
    expect(packagesExcluding(lock.packages, oldest as string)).toEqual([]);
  });

  it('flags a package that wants a newer Node.js', () => {
    expect(
      packagesExcluding(
        { 'node_modules/cookie': { engines: { node: '>=22' } }, 'node_modules/a': {} },
        '20.19.0',
      ),
    ).toEqual(['cookie wants node >=22']);
  });
});
