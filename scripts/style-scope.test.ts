import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

/*
 * One page's CSS must not change another's. Stylesheets are loaded with the code that
 * imports them and stay for the rest of the visit, so a rule in a feature's stylesheet
 * applies to every page shown after it: the new-order form was squeezed to 450 px once an
 * order's page had been opened, because both features styled `.order-layout`.
 *
 * The rule checked here: every selector in a feature's stylesheet names at least one class
 * that only that feature's stylesheets use (its scope), and no feature styles a class that
 * another feature owns. Classes of the shared design system (shared/, app/, styles.css) may
 * be refined inside a feature's own scope (`.audit-filters .field`), never on their own.
 */

const WEB = path.resolve(import.meta.dirname, '../src/web');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** The feature a stylesheet belongs to, or null for the shared design system. */
function featureOf(file: string): string | null {
  return /^features[\\/]([^\\/]+)[\\/]/.exec(path.relative(WEB, file))?.[1] ?? null;
}

interface Selector {
  file: string;
  feature: string | null;
  text: string;
  classes: string[];
}

export function selectorsIn(files: readonly { file: string; css: string }[]): Selector[] {
  const selectors: Selector[] = [];
  for (const { file, css } of files) {
    postcss.parse(css, { from: file }).walkRules((rule) => {
      const parent = rule.parent;
      if (parent?.type === 'atrule' && /keyframes$/.test((parent as postcss.AtRule).name)) return;
      for (const text of rule.selectors) {
        const classes = [...text.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1] as string);
        selectors.push({ file, feature: featureOf(file), text, classes });
      }
    });
  }
  return selectors;
}

/** Each selector of a feature's stylesheet that could reach outside the feature, as "file: selector". */
export function unscopedSelectors(selectors: readonly Selector[]): string[] {
  const owners = new Map<string, Set<string>>();
  for (const { feature, classes } of selectors) {
    for (const name of classes) {
      const set = owners.get(name) ?? new Set<string>();
      set.add(feature ?? '(shared)');
      owners.set(name, set);
    }
  }
  const ownedBy = (name: string, feature: string) => {
    const set = owners.get(name);
    return set?.size === 1 && set.has(feature);
  };
  return selectors
    .filter(({ feature, classes }) => feature !== null && !classes.some((c) => ownedBy(c, feature)))
    .map(({ file, text }) => `${path.relative(WEB, file)}: ${text}`);
}

describe('stylesheets stay in their feature', () => {
  it('every selector of a feature names a class only that feature styles', () => {
    const files = stylesheets(WEB).map((file) => ({ file, css: readFileSync(file, 'utf8') }));
    expect(unscopedSelectors(selectorsIn(files))).toEqual([]);
  });

  it('flags a class two features style, and a shared class styled on its own', () => {
    const files = [
      { file: path.join(WEB, 'shared/ui/table.css'), css: '.table { margin: 0 }' },
      {
        file: path.join(WEB, 'features/a/a.css'),
        css: '.layout { display: grid } .a-page .table {}',
      },
      {
        file: path.join(WEB, 'features/b/b.css'),
        css: '.layout > * { min-width: 0 } .table td {}',
      },
    ];
    expect(unscopedSelectors(selectorsIn(files))).toEqual([
      'features/a/a.css: .layout',
      'features/b/b.css: .layout > *',
      'features/b/b.css: .table td',
    ]);
  });
});
