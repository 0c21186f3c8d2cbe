import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The parts of src/ may only import in one direction (docs/architecture.md):
 * contract ← web, contract ← bff, contract ← sandbox; bff and sandbox meet only
 * over HTTP, and only src/start.ts (the composition root) sees both.
 */
const zone = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((part) => ({ group: [`**/${part}`, `**/${part}/**`], message })) },
    ],
  },
});

/*
 * ─── Inside the BFF (docs/bff.md) ───────────────────────────────────────────────────────
 * src/bff/platform/ is shared infrastructure; every other folder under src/bff/ is a room
 * (one domain: its routes, store queries and logic). The files at src/bff/'s top level are
 * the composition root. Platform imports no room and no root file; a room imports
 * platform and the contract, never another room nor the root. The rooms are read from
 * the folders, so a new one is covered as soon as it exists.
 */
const BFF = 'src/bff';
const bffRooms = readdirSync(new URL(`./${BFF}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name);
const bffRoot = ['app', 'server', 'config', 'demoAccounts'];
const bffPatterns = (rooms, message) => [
  ...rooms.map((room) => ({ group: [`**/bff/${room}`, `**/bff/${room}/**`], message })),
  // Relative spellings reach the same folders without naming `bff`.
  ...rooms.map((room) => ({ regex: `^(\\.\\./)+${room}(/.*)?$`, message })),
  {
    regex: `^(\\.\\./)+(${bffRoot.join('|')})$`,
    message: 'Only the composition root (src/bff/*.ts) reads config and wires the rooms.',
  },
];
// These blocks replace the BFF zone's rule for their files, so they repeat it.
const bffApart = [
  {
    group: ['**/web', '**/web/**', '**/sandbox', '**/sandbox/**'],
    message: 'The BFF reaches the Lab API over HTTP, never by import.',
  },
];
const bffBlocks = [
  {
    files: [`${BFF}/platform/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...bffApart,
            ...bffPatterns(bffRooms, 'The BFF platform never imports a room (docs/bff.md).'),
          ],
        },
      ],
    },
  },
  ...bffRooms.map((room) => ({
    files: [`${BFF}/${room}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...bffApart,
            ...bffPatterns(
              bffRooms.filter((other) => other !== room),
              `The ${room} room imports platform and the contract only, never another room (docs/bff.md).`,
            ),
          ],
        },
      ],
    },
  })),
];
/* ─── end of the BFF section ───────────────────────────────────────────────────────────── */

/*
 * ─── Inside the SPA (docs/web.md) ───────────────────────────────────────────────────────
 * A feature (src/web/features/<name>/) imports src/web/shared, src/web/app and the contract,
 * never another feature: pages that combine features are composed in src/web/routes. app/
 * (the shell) and shared/ import no feature, and shared/ not the shell either, so no
 * feature reaches another through them. The features are read from the folders, so a new
 * one is covered as soon as it exists. scripts/web-boundaries.test.ts holds this.
 */
const WEB = 'src/web';
const webFeatures = readdirSync(new URL(`./${WEB}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// These blocks replace the web zone's rule for their files, so they repeat it.
const webApart = [
  {
    group: ['**/bff', '**/bff/**', '**/sandbox', '**/sandbox/**'],
    message: 'The web app talks to the BFF over HTTP only.',
  },
];
const featurePatterns = (features, message) => [
  ...features.map((feature) => ({
    group: [`**/features/${feature}`, `**/features/${feature}/**`],
    message,
  })),
  // A sibling feature is also reachable as `../../<name>/…` without naming `features`.
  ...features.map((feature) => ({ regex: `^(\\.\\./)+${feature}(/.*)?$`, message })),
];
export const webBoundaries = [
  ...webFeatures.map((feature) => ({
    files: [`${WEB}/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webApart,
            ...featurePatterns(
              webFeatures.filter((other) => other !== feature),
              `The ${feature} feature imports shared/, app/ and the contract only, never another feature; compose pages in src/web/routes (docs/web.md).`,
            ),
          ],
        },
      ],
    },
  })),
  {
    files: [`${WEB}/app/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webApart,
            {
              group: ['**/features', '**/features/**'],
              message:
                'The shell imports no feature: routes/_app.tsx hands it what features show (docs/web.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB}/shared/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webApart,
            {
              group: ['**/features', '**/features/**', '**/app', '**/app/**'],
              message:
                'shared/ is used by features and the shell, and imports neither (docs/web.md).',
            },
          ],
        },
      ],
    },
  },
];
/* ─── end of the SPA section ───────────────────────────────────────────────────────────── */

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results',
      'src/web/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  zone(['src/web/**'], ['bff', 'sandbox'], 'The web app talks to the BFF over HTTP only.'),
  zone(
    ['src/bff/**'],
    ['web', 'sandbox'],
    'The BFF reaches the Lab API over HTTP, never by import.',
  ),
  zone(['src/sandbox/**'], ['web', 'bff'], 'The local Lab API stands alone, as the real one does.'),
  {
    files: ['src/contract/**'],
    // Tests beside the contract may use the test runner.
    ignores: ['src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web', '**/web/**', '**/bff', '**/bff/**', '**/sandbox', '**/sandbox/**'],
            },
            { regex: '^(?!zod$)(?!\\.)', message: 'The contract depends on zod only.' },
          ],
        },
      ],
    },
  },
  ...bffBlocks,
  ...webBoundaries,
);
