import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../platform/database/database';
import { acknowledgementsOf, recordAcknowledgements } from './acknowledgements';
import { postgresLocation, skipPostgres } from '../platform/database/testLocations';

const dialects = [
  {
    name: 'SQLite (embedded default)',
    skip: false,
    open: () =>
      openStore({ dialect: 'sqlite', file: ':memory:' }).then((store) => ({
        store,
        drop: () => Promise.resolve(),
      })),
  },
  {
    name: 'PostgreSQL (production store)',
    skip: skipPostgres,
    open: async () => {
      const pgLocation = await postgresLocation();
      return { store: await openStore(pgLocation.location), drop: () => pgLocation.drop() };
    },
  },
];

const ORDER = '8d6c2b7e-3f1a-4c55-9d0e-7a1b2c3d4e5f';
const ack = (version: string, email: string, at: number) => ({
  orderId: ORDER,
  version,
  accountId: email,
  accountEmail: email,
  note: null,
  at,
});

describe.each(dialects)('result acknowledgements on $name', ({ open, skip }) => {
  let store: Store;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    if (skip) return;
    ({ store, drop } = await open());
  });
  afterAll(async () => {
    if (skip) return;
    await store.close();
    await drop();
  });

  it.skipIf(skip)(
    'keeps the first acknowledgement of a version, and each version apart',
    async () => {
      await recordAcknowledgements(store.db, [ack('completed:4', 'first@x.test', 1000)]);
      await recordAcknowledgements(store.db, [ack('completed:4', 'second@x.test', 2000)]);
      await recordAcknowledgements(store.db, [
        { ...ack('corrected:7', 'second@x.test', 3000), note: 'Repeat in a week' },
      ]);
      expect(await acknowledgementsOf(store.db, [ORDER])).toEqual([
        {
          orderId: ORDER,
          version: 'completed:4',
          accountEmail: 'first@x.test',
          note: null,
          at: 1000,
        },
        {
          orderId: ORDER,
          version: 'corrected:7',
          accountEmail: 'second@x.test',
          note: 'Repeat in a week',
          at: 3000,
        },
      ]);
    },
  );
});
