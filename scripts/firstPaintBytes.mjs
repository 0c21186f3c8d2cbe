// The JavaScript each page needs before its first paint, from the build's manifest: the
// entry, the signed-in layout (for pages inside it) and the page's own chunk, each with
// the chunks it imports statically. Chunks loaded later (a dialog's code on opening it)
// are not counted. Sizes are gzip level 9, as served; bytes do not vary between runs, so
// e2e/serving.spec.ts can hold each page to a budget where times could not be.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const PAGE_CHUNK = '?tsr-split=component---loader';
const ROUTES = 'src/web/routes/';
const SIGNED_IN_LAYOUT = `${ROUTES}_app.tsx${PAGE_CHUNK}`;

/** @returns {Map<string, number>} page route file (relative to src/web/routes) → gzip bytes */
export function firstPaintBytes(webDir) {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const gzipped = (file) => {
    if (!sizes.has(file)) {
      sizes.set(file, gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length);
    }
    return sizes.get(file);
  };
  const withImports = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) withImports(imported, files);
    return files;
  };

  const pages = new Map();
  for (const key of Object.keys(manifest)) {
    if (!key.startsWith(ROUTES) || !key.endsWith(PAGE_CHUNK) || key === SIGNED_IN_LAYOUT) {
      continue;
    }
    const route = key.slice(ROUTES.length, -PAGE_CHUNK.length);
    const files = withImports('index.html');
    if (route.startsWith('_app/')) withImports(SIGNED_IN_LAYOUT, files);
    withImports(key, files);
    pages.set(
      route,
      [...files].reduce((sum, file) => sum + gzipped(file), 0),
    );
  }
  return pages;
}
