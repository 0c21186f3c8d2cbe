import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The SPA's rooms (docs/web.md): a feature imports shared/, app/ and the contract, never
 * another feature; the shell (app/) and shared/ import no feature. eslint.config.js says
 * so; this runs the real configuration (without type information, which the import rule
 * does not need and which would take minutes) on a probe file and on the real tree.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'src/web');

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { linterOptions: { reportUnusedDisableDirectives: 'off' } },
  ],
  // Only the import rule is asked about here; the full lint runs in CI.
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

/** The import-rule messages ESLint gives `code` placed at `file` (relative to the repository). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const features = readdirSync(path.join(WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('bounded features in the SPA', () => {
  it('has features to keep apart', () => {
    expect(features).toEqual(expect.arrayContaining(['orders', 'patients', 'results']));
  });

  it('refuses a feature importing another, however the path is spelled', async () => {
    const file = 'src/web/features/orders/components/Probe.tsx';
    const spellings = [
      "import { patientsQueryOptions } from '../../patients/api/patients';",
      "import { ResultPage } from '../../../features/results/components/ResultPage';",
      "export { LatestResults } from '../../results/components/LatestResults';",
    ];
    for (const line of spellings) {
      const errors = await importErrors(file, `${line}\n`);
      expect(errors, line).toHaveLength(1);
      expect(errors[0]).toMatch(/never another feature/);
    }
  });

  it('lets a feature import itself, shared/, app/ and the contract', async () => {
    const code = [
      "import { orderKeys } from '../../../shared/api/orders';",
      "import { LiveUpdates } from '../../../app/live/components/LiveUpdates';",
      "import { orderSchema } from '../../../../contract/order';",
      "import { OrderFacts } from './OrderFacts';",
      "import { toLabQuery } from '../lib/ordersSearch';",
      'export { orderKeys, LiveUpdates, orderSchema, OrderFacts, toLabQuery };',
    ].join('\n');
    expect(await importErrors('src/web/features/orders/components/Probe.tsx', code)).toEqual([]);
  });

  it('refuses the shell or shared/ importing a feature', async () => {
    const line = "import { ResultPage } from '../features/results/components/ResultPage';\n";
    expect(await importErrors('src/web/app/Probe.tsx', line)).toHaveLength(1);
    expect(
      await importErrors(
        'src/web/shared/lib/Probe.ts',
        "import { ResultPage } from '../../features/results/components/ResultPage';\n",
      ),
    ).toHaveLength(1);
  });

  it('finds no import across the boundaries in the real tree', async () => {
    const files = [
      ...sourceFiles(path.join(WEB, 'features')),
      ...sourceFiles(path.join(WEB, 'app')),
      ...sourceFiles(path.join(WEB, 'shared')),
    ];
    expect(files.length).toBeGreaterThan(100);
    const results = await eslint.lintFiles(files);
    const crossings = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'no-restricted-imports')
        .map((message) => `${path.relative(ROOT, result.filePath)}: ${message.message}`),
    );
    expect(crossings).toEqual([]);
  }, 60_000);
});
