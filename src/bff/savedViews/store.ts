import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  SAVED_VIEWS_MAX,
  savedViewSearchSchema,
  type NewSavedView,
  type SavedView,
} from '../../contract';
import type { Database, SavedViewTable } from '../platform/database/schema';

/*
 * Every function takes the owning account: a view is only ever read, replaced or deleted
 * through the account that saved it, so no query can reach another account's views.
 */

/** Oldest first, the order people saved them in. */
export async function listSavedViews(db: Kysely<Database>, accountId: string) {
  const rows = await db
    .selectFrom('saved_view')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toView);
}

export type SaveOutcome = { kind: 'saved'; view: SavedView } | { kind: 'too-many' };

/** Saves a view; a name the account already uses is replaced, keeping its id. */
export async function saveView(
  db: Kysely<Database>,
  accountId: string,
  view: NewSavedView,
  now: number,
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('saved_view')
      .select('id')
      .where('account_id', '=', accountId)
      .where('name', '=', view.name)
      .executeTakeFirst();
    const search = JSON.stringify(view.search);
    if (existing) {
      await trx
        .updateTable('saved_view')
        .set({ search, created_at: now })
        .where('id', '=', existing.id)
        .where('account_id', '=', accountId)
        .execute();
      const row = {
        id: existing.id,
        account_id: accountId,
        name: view.name,
        search,
        created_at: now,
      };
      return { kind: 'saved', view: toView(row) } as const;
    }
    const count = await trx
      .selectFrom('saved_view')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= SAVED_VIEWS_MAX) return { kind: 'too-many' } as const;
    const row = {
      id: randomUUID(),
      account_id: accountId,
      name: view.name,
      search,
      created_at: now,
    };
    await trx.insertInto('saved_view').values(row).execute();
    return { kind: 'saved', view: toView(row) } as const;
  });
}

/** Whether the account's view existed and is gone; another account's view is never touched. */
export async function deleteSavedView(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_view')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function toView(row: Selectable<SavedViewTable>): SavedView {
  // A view saved by an older console may name a filter since retired: keep what still parses.
  const parsed = savedViewSearchSchema.safeParse(JSON.parse(row.search));
  return {
    id: row.id,
    name: row.name,
    search: parsed.success ? parsed.data : {},
    created_at: new Date(row.created_at).toISOString(),
  };
}
