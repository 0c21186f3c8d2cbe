// The two reference pages bench/lighthouse.mjs measures beside the console's, served from
// this machine: the floor (bench/support/floor: React, TanStack Router and Query drawing a
// 50-row orders table from one fetch, built here by the console's own Vite) and the same
// table as static HTML (the limit). Both are served compressed, as the console's assets are,
// and `/api` is passed to the console's BFF, so the floor's one fetch costs what the
// console's does. The BFF refuses another origin, so the pass-through drops the browser's
// Origin: to the BFF the request is the floor server's own.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

const escape = (text) =>
  String(text ?? '').replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/** The same 50 rows as the floor draws, written out as HTML. */
function staticTable(orders) {
  const rows = orders
    .map(
      (o) =>
        `<tr><td>${escape(o.id.slice(0, 8))}</td><td>${escape(o.patient_details?.first_name)} ${escape(o.patient_details?.last_name)}</td>` +
        `<td>${escape(o.lab_test?.name)}</td><td>${escape(o.last_event?.status)}</td>` +
        `<td>${escape(new Date(o.created_at).toLocaleDateString('en-US'))}</td></tr>`,
    )
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">' +
    '<title>Orders (static)</title></head><body><main><h1>Orders</h1><table><caption>Orders</caption><thead><tr>' +
    '<th scope="col">Order</th><th scope="col">Patient</th><th scope="col">Lab test</th><th scope="col">Status</th><th scope="col">Created</th>' +
    `</tr></thead><tbody>${rows}</tbody></table></main></body></html>`
  );
}

function filesUnder(dir, prefix = '') {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? filesUnder(full, `${prefix}/${name}`)
      : [[`${prefix}/${name}`, full]];
  });
}

/**
 * Builds the floor page, writes the static page from the BFF's own orders answer, and
 * serves both on loopback. `bff` is the console's URL, `cookie` a signed-in session.
 */
export async function startFloorServer({ bff, cookie }) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-floor-'));
  await build({
    root: path.join(root, 'bench/support/floor'),
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const answer = await fetch(`${bff}/api/lab/v3/orders?page=1&size=50`, {
    headers: { cookie, 'x-lab-console': '1' },
  });
  if (!answer.ok) throw new Error(`the floor's orders: ${answer.status}`);
  const { orders } = await answer.json();

  const files = new Map();
  const add = (urlPath, body) =>
    files.set(urlPath, {
      type: TYPES[path.extname(urlPath)] ?? 'application/octet-stream',
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    });
  for (const [urlPath, full] of filesUnder(outDir)) add(urlPath, readFileSync(full));
  add('/static.html', Buffer.from(staticTable(orders)));
  const bytes = [...files]
    .filter(([p]) => p.endsWith('.js'))
    .reduce((sum, [, f]) => sum + f.br.length, 0);

  const bffUrl = new URL(bff);
  const server = createServer((req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0];
    if (urlPath.startsWith('/api/')) {
      const headers = { ...req.headers, host: bffUrl.host };
      delete headers.origin;
      const upstream = httpRequest(
        { host: bffUrl.hostname, port: bffUrl.port, path: req.url, method: req.method, headers },
        (answerStream) => {
          res.writeHead(answerStream.statusCode ?? 502, answerStream.headers);
          answerStream.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const file = files.get(urlPath === '/' ? '/index.html' : urlPath);
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': file.type,
      'content-encoding': 'br',
      'cache-control': urlPath.startsWith('/assets/') ? 'max-age=31536000, immutable' : 'no-cache',
    });
    res.end(file.br);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://localhost:${server.address().port}`;
  return {
    floorUrl: `${url}/`,
    staticUrl: `${url}/static.html`,
    /** The floor's JavaScript, brotli-compressed. */
    floorJsBytes: bytes,
    close: () => {
      server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
