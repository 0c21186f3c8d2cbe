import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAVED_VIEWS_MAX,
  SAVED_VIEWS_PATH,
  savedViewSchema,
  savedViewsResponseSchema,
} from '../contract';
import { ensureAccount, findAccountByEmail } from '../bff/platform/accounts/accounts';
import { openStore, type Store } from '../bff/platform/database/database';
import { deleteSavedView, listSavedViews, saveView } from '../bff/savedViews/store';
import { postgresLocation, skipPostgres } from '../bff/platform/database/testLocations';
import { PASSWORD, startStack, type Stack } from './stack';

const json = { 'content-type': 'application/json' };
let stack: Stack;
let coordinator: string;
let otherCoordinator: string;
let clinician: string;

beforeAll(async () => {
  stack = await startStack();
  coordinator = await stack.signIn('coordinator');
  clinician = await stack.signIn('clinician');
  // A second account with the same role: ownership is per account, not per role.
  await ensureAccount(stack.store.db, {
    email: 'second-coordinator@stack.test',
    name: 'Second coordinator',
    role: 'coordinator',
    password: PASSWORD,
  });
  const answer = await stack.request(null, 'POST', '/api/session', {
    headers: json,
    body: JSON.stringify({ email: 'second-coordinator@stack.test', password: PASSWORD }),
  });
  const cookie = answer.cookies[0];
  if (!cookie) throw new Error('the second coordinator could not sign in');
  otherCoordinator = `${cookie.name}=${cookie.value}`;
});
afterAll(() => stack.close());

const save = (cookie: string | null, body: unknown, init: { antiForgery?: boolean } = {}) =>
  stack.request(cookie, 'POST', SAVED_VIEWS_PATH, {
    headers: json,
    body: JSON.stringify(body),
    ...init,
  });

async function views(cookie: string) {
  const answer = await stack.request(cookie, 'GET', SAVED_VIEWS_PATH);
  expect(answer.statusCode).toBe(200);
  return savedViewsResponseSchema.parse(answer.json()).views;
}

describe('saved views through the BFF', () => {
  it('saves, lists, replaces by name and deletes an account’s own views', async () => {
    expect(await views(coordinator)).toEqual([]);
    const created = await save(coordinator, {
      name: 'Open kits',
      search: { status: ['ordered'], method: ['testkit'], created_from: '2026-01-01' },
    });
    expect(created.statusCode).toBe(201);
    const view = savedViewSchema.parse(created.json());
    expect(view.search).toEqual({
      status: ['ordered'],
      method: ['testkit'],
      created_from: '2026-01-01',
    });

    const replaced = await save(coordinator, {
      name: 'Open kits',
      search: { worklist: 'overdue' },
    });
    expect(replaced.statusCode).toBe(201);
    expect(savedViewSchema.parse(replaced.json()).id).toBe(view.id);
    expect((await views(coordinator)).map((v) => [v.name, v.search])).toEqual([
      ['Open kits', { worklist: 'overdue' }],
    ]);

    const removed = await stack.request(coordinator, 'DELETE', `${SAVED_VIEWS_PATH}/${view.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await views(coordinator)).toEqual([]);
  });

  it('never shows or deletes another account’s view', async () => {
    const mine = savedViewSchema.parse(
      (await save(coordinator, { name: 'Mine', search: { critical: true } })).json(),
    );
    for (const other of [otherCoordinator, clinician]) {
      expect(await views(other)).toEqual([]);
      const attempt = await stack.request(other, 'DELETE', `${SAVED_VIEWS_PATH}/${mine.id}`);
      expect(attempt.statusCode).toBe(404);
      // The same name under another account is that account's own view.
      expect((await save(other, { name: 'Mine', search: {} })).statusCode).toBe(201);
    }
    expect((await views(coordinator)).map((v) => v.id)).toEqual([mine.id]);
    expect((await views(otherCoordinator)).map((v) => v.name)).toEqual(['Mine']);
  });

  it('refuses patient names, unknown filters and bad names', async () => {
    for (const body of [
      { name: 'By name', search: { patient: 'Avery Brightwater' } },
      { name: 'By text', search: { q: 'Brightwater' } },
      { name: 'Bad status', search: { status: ['not_a_status'] } },
      { name: '   ', search: {} },
      { name: 'x'.repeat(81), search: {} },
      { name: 'No search' },
    ]) {
      const answer = await save(coordinator, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await views(coordinator)).map((v) => v.name)).not.toContain('By name');
  });

  it('needs a session and the anti-forgery header, and reaches no Lab API', async () => {
    const calls = stack.upstreamCalls.length;
    expect((await stack.request(null, 'GET', SAVED_VIEWS_PATH)).statusCode).toBe(401);
    expect((await save(null, { name: 'x', search: {} })).statusCode).toBe(401);
    expect(
      (await save(coordinator, { name: 'x', search: {} }, { antiForgery: false })).statusCode,
    ).toBe(403);
    expect(
      (await stack.request(coordinator, 'GET', SAVED_VIEWS_PATH, { antiForgery: false }))
        .statusCode,
    ).toBe(403);
    expect(stack.upstreamCalls.length).toBe(calls);
  });

  it('keeps at most the limit of views per account', async () => {
    const account = await findAccountByEmail(stack.store.db, 'admin@stack.test');
    if (!account) throw new Error('no admin account');
    for (let i = 0; i < SAVED_VIEWS_MAX; i++)
      await saveView(stack.store.db, account.id, { name: `View ${i}`, search: {} }, i);
    const admin = await stack.signIn('admin');
    expect((await save(admin, { name: 'One more', search: {} })).statusCode).toBe(409);
    // Replacing an existing name is still allowed at the limit.
    expect((await save(admin, { name: 'View 3', search: { dir: 'asc' } })).statusCode).toBe(201);
  });
});

describe.skipIf(skipPostgres)('saved views on the PostgreSQL store', () => {
  let store: Store;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const pgLocation = await postgresLocation();
    store = await openStore(pgLocation.location);
    drop = () => pgLocation.drop();
  });
  afterAll(async () => {
    await store.close();
    await drop();
  });

  it('saves, replaces, lists per account and deletes only the owner’s view', async () => {
    const first = await saveView(
      store.db,
      'account-a',
      { name: 'Kits', search: { method: ['testkit'] } },
      1,
    );
    if (first.kind !== 'saved') throw new Error('not saved');
    await saveView(
      store.db,
      'account-a',
      { name: 'Kits', search: { method: ['walk_in_test'] } },
      2,
    );
    await saveView(store.db, 'account-b', { name: 'Kits', search: {} }, 3);
    const a = await listSavedViews(store.db, 'account-a');
    expect(a).toEqual([
      {
        id: first.view.id,
        name: 'Kits',
        search: { method: ['walk_in_test'] },
        created_at: new Date(2).toISOString(),
      },
    ]);
    expect(await deleteSavedView(store.db, 'account-b', first.view.id)).toBe(false);
    expect(await listSavedViews(store.db, 'account-a')).toHaveLength(1);
    expect(await deleteSavedView(store.db, 'account-a', first.view.id)).toBe(true);
    expect(await listSavedViews(store.db, 'account-a')).toEqual([]);
    expect(await listSavedViews(store.db, 'account-b')).toHaveLength(1);
  });
});
