import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { UNAUTHORIZED_DETAIL } from '../../contract';

export interface AuthOptions {
  apiKey: string;
  /** The team key header; the description calls it x-service-api-key, the real service x-vital-api-key. */
  keyHeader: string;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Every Lab API route needs the team key. Keys are compared as SHA-256 digests with
 * timingSafeEqual: equal lengths always, and no early exit that would time the prefix.
 */
export const authPlugin = fp<AuthOptions>(
  (app, { apiKey, keyHeader }, done) => {
    const expected = digest(apiKey);
    const header = keyHeader.toLowerCase();
    app.addHook('onRequest', async (request, reply) => {
      const presented = request.headers[header];
      const valid = typeof presented === 'string' && timingSafeEqual(digest(presented), expected);
      if (!valid) return reply.code(401).send({ detail: UNAUTHORIZED_DETAIL });
    });
    done();
  },
  { name: 'sandbox-auth' },
);
