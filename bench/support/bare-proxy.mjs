// The peer for bench/proxy.mjs: a bare @fastify/reply-from proxy that only adds the key.
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(replyFrom, { base: process.env.UPSTREAM, undici: { connections: 64 } });
app.get('/*', (request, reply) =>
  reply.from(request.url, {
    rewriteRequestHeaders: (_req, headers) => ({
      ...headers,
      'x-service-api-key': process.env.API_KEY,
    }),
  }),
);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const { port } = app.server.address();
console.log(`bare proxy at http://127.0.0.1:${port}`);
