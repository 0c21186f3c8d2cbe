import type { SandboxDb } from './database';
import { contains } from './like';

export type LabTestResponse = Record<string, unknown> & {
  id: string;
  lab: Record<string, unknown> | null;
  markers: Record<string, unknown>[] | null;
};

export interface LabTestFilter {
  collection_method?: string | undefined;
  status?: string | undefined;
  lab_slug?: string | undefined;
  name?: string | undefined;
}

async function labsById(db: SandboxDb, ids: number[]) {
  if (ids.length === 0) return new Map<number, Record<string, unknown>>();
  const rows = await db.selectFrom('lab').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, JSON.parse(r.document) as Record<string, unknown>]));
}

/** A stored document without the member its answer must not carry. */
function answerFields(document: string, leaveOut: string): Record<string, unknown> {
  const fields = JSON.parse(document) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).filter(([key]) => key !== leaveOut));
}

/** ClientFacingLabTest has no description: the store keeps it, answers leave it out. */
const labTestFields = (document: string) => answerFields(document, 'description');

/** A lab test's markers are ClientFacingMarker: expected_results belong to the markers list only. */
const testMarkerFields = (document: string) => answerFields(document, 'expected_results');

/** Lab tests with their lab and markers joined, keyed by id. */
export async function findLabTestsByIds(
  db: SandboxDb,
  ids: string[],
): Promise<Map<string, LabTestResponse>> {
  if (ids.length === 0) return new Map();
  const tests = await db.selectFrom('lab_test').selectAll().where('id', 'in', ids).execute();
  const [labs, markers] = await Promise.all([
    labsById(db, [...new Set(tests.flatMap((t) => (t.lab_id === null ? [] : [t.lab_id])))]),
    db
      .selectFrom('lab_test_marker')
      .innerJoin('marker', 'marker.id', 'lab_test_marker.marker_id')
      .select(['lab_test_marker.lab_test_id', 'marker.document'])
      .where('lab_test_marker.lab_test_id', 'in', ids)
      .orderBy('lab_test_marker.lab_test_id')
      .orderBy('lab_test_marker.position')
      .execute(),
  ]);
  return new Map(
    tests.map((t) => [
      t.id,
      {
        ...labTestFields(t.document),
        id: t.id,
        lab: t.lab_id === null ? null : (labs.get(t.lab_id) ?? null),
        markers: markers
          .filter((m) => m.lab_test_id === t.id)
          .map((m) => testMarkerFields(m.document)),
      },
    ]),
  );
}

/** `GET /v3/lab_tests`: the team's tests, oldest first. */
export async function listLabTests(
  db: SandboxDb,
  teamId: string,
  filter: LabTestFilter,
): Promise<LabTestResponse[]> {
  let query = db
    .selectFrom('lab_test')
    .leftJoin('lab', 'lab.id', 'lab_test.lab_id')
    .select('lab_test.id')
    .where('lab_test.team_id', '=', teamId);
  if (filter.collection_method)
    query = query.where('lab_test.method', '=', filter.collection_method);
  if (filter.status) query = query.where('lab_test.status', '=', filter.status);
  if (filter.lab_slug) query = query.where('lab.slug', '=', filter.lab_slug);
  if (filter.name) {
    const name = filter.name;
    query = query.where((eb) => contains(eb.ref('lab_test.name'), name));
  }
  const ids = (await query.orderBy('lab_test.created_at').orderBy('lab_test.id').execute()).map(
    (r) => r.id,
  );
  const tests = await findLabTestsByIds(db, ids);
  return ids.flatMap((id) => tests.get(id) ?? []);
}

export interface MarkerFilter {
  lab_id?: number[] | undefined;
  lab_slug?: string | undefined;
  name?: string | undefined;
  a_la_carte_enabled?: boolean | undefined;
  page: number;
  size: number;
}

/** `GET /v3/lab_tests/markers`: page-numbered, like the real one (docs/lab-api-facts.md §7). */
export async function findMarkersPage(db: SandboxDb, filter: MarkerFilter) {
  let query = db.selectFrom('marker').innerJoin('lab', 'lab.id', 'marker.lab_id');
  if (filter.lab_id?.length) query = query.where('marker.lab_id', 'in', filter.lab_id);
  if (filter.lab_slug) query = query.where('lab.slug', '=', filter.lab_slug);
  if (filter.name) {
    const name = filter.name;
    query = query.where((eb) => contains(eb.ref('marker.name'), name));
  }
  if (filter.a_la_carte_enabled !== undefined) {
    query = query.where('marker.a_la_carte_enabled', '=', filter.a_la_carte_enabled ? 1 : 0);
  }
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query
      .select('marker.document')
      .orderBy('marker.id')
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size)
      .execute(),
  ]);
  const total = count.total;
  return {
    markers: rows.map((r) => JSON.parse(r.document) as Record<string, unknown>),
    total,
    page: filter.page,
    size: filter.size,
    pages: Math.ceil(total / filter.size),
  };
}
