import { randomUUID } from 'node:crypto';
import type { SandboxDb } from './database';
import { findLabTestsByIds, listLabTests, type LabTestResponse } from './labTests';

/* The catalogue's own queries: the paged listing, markers of a test or an order set,
   labs, and the team's custom panels (created pending approval, as the real service does). */

export interface LabTestPageFilter {
  limit: number;
  offset: number;
  generation: 'auto' | 'manual' | 'all';
  lab_slug?: string | undefined;
  collection_method?: string | undefined;
  status?: string | undefined;
  name?: string | undefined;
}

/** The cursor is opaque to clients; here it is the offset of the next page. */
export const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
export function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return 0;
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : null;
}

export async function findLabTestPage(db: SandboxDb, teamId: string, filter: LabTestPageFilter) {
  const all = (await listLabTests(db, teamId, filter)).filter(
    (t) =>
      filter.generation === 'all' || (t.auto_generated === true) === (filter.generation === 'auto'),
  );
  const data = all.slice(filter.offset, filter.offset + filter.limit);
  const next = filter.offset + filter.limit;
  return { data, next_cursor: next < all.length ? encodeCursor(next) : null };
}

/** Markers as the marker listings answer them (ClientFacingMarkerComplete), in id order. */
export async function markerDocuments(db: SandboxDb, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('marker')
    .select(['id', 'document'])
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, JSON.parse(r.document) as Record<string, unknown>]));
  return [...new Set(ids)].flatMap((id): Record<string, unknown>[] => {
    const marker = byId.get(id);
    return marker ? [marker] : [];
  });
}

export async function labTestMarkerIds(db: SandboxDb, labTestIds: readonly string[]) {
  if (labTestIds.length === 0) return [];
  const rows = await db
    .selectFrom('lab_test_marker')
    .select(['marker_id'])
    .where('lab_test_id', 'in', [...labTestIds])
    .orderBy('lab_test_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => r.marker_id);
}

export function markersPage(markers: Record<string, unknown>[], page: number, size: number) {
  return {
    markers: markers.slice((page - 1) * size, page * size),
    total: markers.length,
    page,
    size,
    pages: Math.ceil(markers.length / size),
  };
}

export async function listLabs(db: SandboxDb) {
  const rows = await db.selectFrom('lab').select('document').orderBy('id').execute();
  return rows.map((r) => JSON.parse(r.document) as Record<string, unknown>);
}

/** The team's lab test by id, or undefined; the stored document too, for changes. */
export async function findTeamLabTest(db: SandboxDb, teamId: string, id: string) {
  const row = await db
    .selectFrom('lab_test')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const response = (await findLabTestsByIds(db, [row.id])).get(row.id) as LabTestResponse;
  return { row, response };
}

export async function insertCustomPanel(
  db: SandboxDb,
  input: {
    teamId: string;
    name: string;
    description: string;
    method: string;
    fasting: boolean;
    labId: number;
    markerIds: readonly number[];
    now: string;
  },
): Promise<string> {
  const id = randomUUID();
  const slug = `${input.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${id.slice(0, 8)}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lab_test')
      .values({
        id,
        team_id: input.teamId,
        lab_id: input.labId,
        name: input.name,
        method: input.method,
        status: 'pending_approval',
        created_at: input.now,
        document: JSON.stringify({
          slug,
          name: input.name,
          description: input.description,
          sample_type: 'serum',
          method: input.method,
          price: 0,
          fasting: input.fasting,
          status: 'pending_approval',
          is_active: false,
          is_delegated: false,
          auto_generated: false,
          has_collection_instructions: true,
          common_tat_days: 5,
          worst_case_tat_days: 10,
        }),
      })
      .execute();
    await trx
      .insertInto('lab_test_marker')
      .values(
        input.markerIds.map((marker_id, position) => ({ lab_test_id: id, marker_id, position })),
      )
      .execute();
  });
  return id;
}

/** Renames a test or switches it on or off; the document and its projection move together. */
export async function updateLabTest(
  db: SandboxDb,
  id: string,
  document: string,
  change: { name?: string | null | undefined; active?: boolean | null | undefined },
) {
  const fields = JSON.parse(document) as Record<string, unknown>;
  if (change.name != null) fields.name = change.name;
  if (change.active != null) {
    fields.status = change.active ? 'active' : 'inactive';
    fields.is_active = change.active;
  }
  await db
    .updateTable('lab_test')
    .set({
      name: String(fields.name),
      status: String(fields.status),
      document: JSON.stringify(fields),
    })
    .where('id', '=', id)
    .execute();
}
