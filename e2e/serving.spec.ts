import { expect, test } from './fixtures';

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
