// Prints the gzip size of the first-screen JS (the entry and the chunks index.html preloads:
// what every page downloads and evaluates before it can ask for the session) and of every
// lazy chunk of the built SPA, against the budgets (first screen ≤ 120 KB, each lazy chunk
// ≤ 120 KB).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstPaintBytes } from '../scripts/firstPaintBytes.mjs';

const web = path.resolve(import.meta.dirname, '../dist/web');
const html = readFileSync(path.join(web, 'index.html'), 'utf8');
const firstScreen = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
);
const firstScreenBudget = 120;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gz = (file) => gzipSync(readFileSync(path.join(web, file)), { level: 9 }).length;

const chunks = readdirSync(path.join(web, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const first = [...firstScreen].reduce((sum, f) => sum + gz(f), 0);
const lazy = chunks.filter((f) => !firstScreen.has(f)).map((f) => ({ file: f, size: gz(f) }));

console.log('Bundle sizes (gzip -9)');
console.log(
  `  first screen   ${kb(first).padStart(7)} KB   budget ${firstScreenBudget} KB   ${first <= firstScreenBudget * 1024 ? 'ok' : 'OVER'}`,
);
for (const f of [...firstScreen]) console.log(`    ${f.padEnd(44)} ${kb(gz(f)).padStart(7)} KB`);
const largest = Math.max(0, ...lazy.map((c) => c.size));
console.log(
  `  lazy chunks    ${String(lazy.length).padStart(7)}      largest ${kb(largest)} KB   budget 120 KB each   ${largest <= 120 * 1024 ? 'ok' : 'OVER'}`,
);
for (const c of lazy.sort((a, b) => b.size - a.size))
  console.log(`    ${c.file.padEnd(44)} ${kb(c.size).padStart(7)} KB`);

// Each page's first paint: what e2e/serving.spec.ts holds to e2e/support/firstPaintBudgets.ts.
console.log('  first paint by page (entry + layout + page, static imports)');
for (const [route, bytes] of [...firstPaintBytes(web)].sort((a, b) => b[1] - a[1]))
  console.log(`    ${route.padEnd(44)} ${kb(bytes).padStart(7)} KB`);
