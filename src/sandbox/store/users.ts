import type { CreateUserRequest, UserInfoRequest } from '../../contract';
import { connectionsOf, providerLogo } from '../seed/providers';
import type { SandboxDb } from './database';
import { contains } from './like';
import type { UserTable } from './schema';

/** How long a deletion can be undone (docs/lab-api-facts.md §10: data erased after a 7-day grace). */
export const DELETION_GRACE_MS = 7 * 86_400_000;

export type UserRow = Omit<UserTable, 'deleted_at'> & { deleted_at: string | null };

/**
 * The user as GET /v2/user answers it (docs/lab-api-facts.md §10); the stored document keeps the rest.
 * `connected_sources` are the providers of the user's wearable data as of `now` (seed/providers.ts).
 */
export function userResponse(row: UserRow, now: Date) {
  const doc = JSON.parse(row.document) as Record<string, unknown>;
  const text = (key: string) => (typeof doc[key] === 'string' ? doc[key] : null);
  const timeZone = text('fallback_time_zone');
  const birthDate = text('fallback_birth_date');
  return {
    user_id: row.id,
    team_id: row.team_id,
    client_user_id: row.client_user_id,
    created_on: row.created_on,
    connected_sources: connectionsOf(row.id, now).map(({ provider, created_on }) => {
      const named = { name: provider.name, slug: provider.slug, logo: providerLogo(provider.slug) };
      return { provider: named, created_on, source: named };
    }),
    fallback_time_zone: timeZone
      ? { id: timeZone, source_slug: 'manual', updated_at: row.created_on }
      : null,
    fallback_birth_date: birthDate
      ? { value: birthDate, source_slug: 'manual', updated_at: row.created_on }
      : null,
    ingestion_start: text('ingestion_start'),
    ingestion_end: text('ingestion_end'),
  };
}
export type UserResponse = ReturnType<typeof userResponse>;

/** Any user with this id, in any team, deleted or not: callers decide what each case means. */
export function findUserById(db: SandboxDb, userId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('lab_user')
    .selectAll()
    .where('id', '=', userId.toLowerCase())
    .executeTakeFirst();
}

export function findUserByClientId(
  db: SandboxDb,
  teamId: string,
  clientUserId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('lab_user')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('client_user_id', '=', clientUserId)
    .executeTakeFirst();
}

/**
 * A deleted user's client_user_id can be reused (docs/lab-api-facts.md §10: undo is then impossible), so
 * the deleted row gives its id up under a name no request can send.
 */
export async function releaseClientUserId(db: SandboxDb, row: UserRow): Promise<void> {
  await db
    .updateTable('lab_user')
    .set({ client_user_id: `${row.client_user_id}\u0000deleted:${row.id}` })
    .where('id', '=', row.id)
    .execute();
}

export async function insertUser(
  db: SandboxDb,
  row: { id: string; team_id: string; created_on: string; request: CreateUserRequest },
): Promise<UserRow> {
  const { client_user_id, ...rest } = row.request;
  const values = {
    id: row.id,
    team_id: row.team_id,
    client_user_id,
    created_on: row.created_on,
    document: JSON.stringify(rest),
    deleted_at: null,
  };
  await db.insertInto('lab_user').values(values).execute();
  return values;
}

/**
 * GET /v2/user: live users, oldest first. `search` is this sandbox's addition: a
 * case-insensitive substring of the client_user_id or of the name last ordered under.
 */
export async function findUsersPage(
  db: SandboxDb,
  teamId: string,
  query: { offset: number; limit: number; search?: string | undefined },
  now: Date,
) {
  let filtered = db
    .selectFrom('lab_user')
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null);
  const search = query.search?.trim();
  if (search) {
    filtered = filtered.where((eb) =>
      eb.or([
        contains(eb.ref('client_user_id'), search),
        contains(
          eb.fn<string>('coalesce', [
            eb.fn('json_extract', [eb.ref('document'), eb.val('$.first_name')]),
            eb.val(''),
          ]),
          search,
        ),
        contains(
          eb.fn<string>('coalesce', [
            eb.fn('json_extract', [eb.ref('document'), eb.val('$.last_name')]),
            eb.val(''),
          ]),
          search,
        ),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .selectAll()
      .orderBy('created_on')
      .orderBy('id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return {
    users: rows.map((row) => userResponse(row, now)),
    total: count.total,
    offset: query.offset,
    limit: query.limit,
  };
}

export async function setDeletedAt(
  db: SandboxDb,
  userId: string,
  deletedAt: string | null,
): Promise<void> {
  await db
    .updateTable('lab_user')
    .set({ deleted_at: deletedAt })
    .where('id', '=', userId)
    .execute();
}

/**
 * The fields that fill the user's demographics (UserInfo): an order's patient details and
 * address, or a UserInfo request. Read from the contract so a field added there reaches here.
 */
type OrderedDemographics = Omit<UserInfoRequest, 'address'>;
type OrderedAddress = Omit<UserInfoRequest['address'], 'second_line'> & {
  second_line?: string | null | undefined;
};

/** UserInfo as the document lists it: only its members, the optional ones null when absent. */
export function userInfoDocument(details: OrderedDemographics, address: OrderedAddress) {
  return {
    first_name: details.first_name,
    last_name: details.last_name,
    email: details.email,
    phone_number: details.phone_number,
    gender: details.gender,
    dob: details.dob.slice(0, 10),
    address: {
      first_line: address.first_line,
      second_line: address.second_line ?? '',
      country: address.country,
      zip: address.zip,
      city: address.city,
      state: address.state,
      access_notes: address.access_notes ?? null,
    },
    medical_proxy: details.medical_proxy ?? null,
    race: details.race ?? null,
    ethnicity: details.ethnicity ?? null,
    sexual_orientation: details.sexual_orientation ?? null,
    gender_identity: details.gender_identity ?? null,
  };
}
export type UserInfoDocument = ReturnType<typeof userInfoDocument>;

/** The user's latest demographics, or null when none were ever given. */
export function userInfoOf(row: UserRow): UserInfoDocument | null {
  const doc = JSON.parse(row.document) as Partial<OrderedDemographics> & {
    info?: UserInfoDocument;
    address?: OrderedAddress;
  };
  if (doc.info) return doc.info;
  // Seeded patients are stored with their demographics as they are.
  const { first_name, last_name, dob, gender, email, phone_number, address } = doc;
  if (!first_name || !last_name || !dob || !gender || !email || !phone_number || !address) {
    return null;
  }
  return userInfoDocument(
    { ...doc, first_name, last_name, dob, gender, email, phone_number },
    address,
  );
}

/**
 * Keeps the user's demographics: the latest given, by PATCH .../info or with an order's
 * patient details (as the real service does). The names stay at the top for the search.
 */
export async function saveUserInfo(
  db: SandboxDb,
  userId: string,
  info: UserInfoDocument,
): Promise<void> {
  const row = await findUserById(db, userId);
  if (!row) return;
  const doc = JSON.parse(row.document) as Record<string, unknown>;
  await db
    .updateTable('lab_user')
    .set({
      document: JSON.stringify({
        ...doc,
        first_name: info.first_name,
        last_name: info.last_name,
        info,
      }),
    })
    .where('id', '=', userId)
    .execute();
}

/** Remembers the demographics an order was placed with: the user's info and the name search. */
export async function rememberDemographics(
  db: SandboxDb,
  userId: string,
  details: OrderedDemographics,
  address: OrderedAddress,
): Promise<void> {
  await saveUserInfo(db, userId, userInfoDocument(details, address));
}
