import path from 'node:path';
import { expect, test } from './fixtures';
import { firstPaintBytes } from '../scripts/firstPaintBytes.mjs';
import { FIRST_PAINT_BUDGET_KB } from './support/firstPaintBudgets';

test('the built console is served compressed, hashed assets cached for a year, pages revalidated', async ({
  request,
}) => {
  const page = await request.get('/orders', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(page.headers()['content-encoding']).toBe('br');
  const csp = page.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");

  const html = await page.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'index.html names its entry script').toBeDefined();
  const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  expect(asset.headers()['content-type']).toContain('javascript');
});

test('the first screen loads no schema library: zod arrives with the pages that parse Lab API answers', async ({
  request,
}) => {
  const html = await (await request.get('/orders')).text();
  const firstScreen = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(firstScreen.length, 'index.html names its entry and what it preloads').toBeGreaterThan(1);
  for (const script of firstScreen) {
    const body = await (await request.get(script ?? '')).text();
    expect(body, `${script} is part of the first screen`).not.toContain('ZodError');
  }
});

test('every page keeps its first-paint JavaScript within its budget', async ({ request }) => {
  // The build's manifest (read below from disk) is not served: it lists every chunk.
  const manifest = await request.get('/.vite/manifest.json');
  expect(manifest.headers()['content-type']).not.toContain('json');

  const pages = firstPaintBytes(path.resolve(import.meta.dirname, '../dist/web'));
  expect(pages.size, 'the build names its pages').toBeGreaterThan(10);
  const overBudget: string[] = [];
  for (const [route, bytes] of pages) {
    const budget = FIRST_PAINT_BUDGET_KB[route];
    if (budget === undefined)
      overBudget.push(`${route}: no budget in e2e/support/firstPaintBudgets.ts`);
    else if (bytes > budget * 1024)
      overBudget.push(`${route}: ${(bytes / 1024).toFixed(1)} KB, budget ${budget} KB`);
  }
  const gone = Object.keys(FIRST_PAINT_BUDGET_KB).filter((route) => !pages.has(route));
  expect(overBudget).toEqual([]);
  expect(gone, 'budgets of pages the build no longer has').toEqual([]);
});
