import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StoreLocation } from './database';

/** PostgreSQL for the production-store tests: the machine's service, or POSTGRES_TEST_URL. */
export const POSTGRES_TEST_URL =
  process.env.POSTGRES_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh schema per test file, dropped afterwards. When PostgreSQL is absent the
 * tests fail with a message saying so, unless SKIP_POSTGRES_TESTS=1 asks to skip.
 */
export async function postgresLocation(): Promise<{
  location: StoreLocation;
  drop(): Promise<void>;
}> {
  const schema = `bff_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_TEST_URL} (${error instanceof Error ? error.message : String(error)}). ` +
        'Start it, point POSTGRES_TEST_URL at one, or set SKIP_POSTGRES_TESTS=1 to skip these tests.',
    );
  }
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    location: { dialect: 'postgres', url: POSTGRES_TEST_URL, schema },
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

export const skipPostgres = process.env.SKIP_POSTGRES_TESTS === '1';
