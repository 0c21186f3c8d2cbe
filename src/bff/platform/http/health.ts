import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Store } from '../database/database';

/** `/healthz`: the process answers. `/readyz`: it can also reach its database. */
export function healthRoutes(fastify: FastifyInstance, opts: { store: Store }) {
  fastify.get('/healthz', () => ({ status: 'ok' }));
  fastify.get('/readyz', async (request, reply) => {
    try {
      await sql`select 1`.execute(opts.store.db);
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
