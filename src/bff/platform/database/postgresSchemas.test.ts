import { afterAll, describe, expect, it } from 'vitest';
import { findAccountByEmail } from '../accounts/accounts';
import { openStore, type Store } from './database';
import { postgresLocation, skipPostgres } from './testLocations';

// Two consoles (or two test files) may share one PostgreSQL database, each in its own schema.
describe.skipIf(skipPostgres)('BFF store: schemas side by side in one PostgreSQL database', () => {
  const opened: { store: Store; drop: () => Promise<void> }[] = [];

  afterAll(async () => {
    for (const { store, drop } of opened) {
      await store.close();
      await drop();
    }
  });

  it('migrates a second schema while the first one holds its own migration tables', async () => {
    for (let i = 0; i < 2; i++) {
      const pgLocation = await postgresLocation();
      const store = await openStore(pgLocation.location);
      opened.push({ store, drop: () => pgLocation.drop() });
      expect(await findAccountByEmail(store.db, 'nobody@example.test')).toBeUndefined();
    }
  });
});
