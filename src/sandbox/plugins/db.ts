import fp from 'fastify-plugin';
import type { SandboxDb } from '../store/database';

/**
 * The store lives as long as the app: `app.close()` closes the SQLite file, so a test
 * or a restart can reopen it. Opening (and migrating, seeding) happens before the app
 * is built, in `buildSandboxApp`, so a broken file fails the build, not the first request.
 */
export const dbPlugin = fp<{ db: SandboxDb }>(
  (app, { db }, done) => {
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    done();
  },
  { name: 'sandbox-db' },
);
