import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendProblem } from './problem';
import { routedPath } from './apiGuard';

/**
 * Serves the built SPA: hashed assets are immutable for a year, `index.html` is
 * revalidated every time, and any other page path gets `index.html` so the
 * router can take over. Unknown `/api` paths stay JSON 404s.
 */
export const spaPlugin = fp(async function spa(fastify: FastifyInstance, opts: { webDir: string }) {
  const root = path.resolve(opts.webDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await fastify.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // scripts/compress-assets.mjs wrote .br and .gz beside each asset at build time.
      preCompressed: true,
      // The headers below decide caching; the plugin's own default would override them.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  fastify.setNotFoundHandler(async (request, reply) => {
    // Decoded, so that `/%61pi/…` is an unknown API path too, not a page.
    const path = routedPath(request);
    const isPage =
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !path.startsWith('/assets/');
    if (!isPage) return sendProblem(reply, 404, 'Not found');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
