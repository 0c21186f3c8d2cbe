import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, userConflictErrorSchema, userSchema, usersPageSchema } from '../contract';
import { PATIENTS } from './seed';
import { buildTestApp, get, NOW } from './test/helper';
import { del, locs, post, validOrder } from './test/ordering';

let app: FastifyInstance;
let clock = NOW;
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
});
afterAll(() => app.close());

describe('POST /v2/user', () => {
  it('creates a user, and a taken client_user_id answers 400 with the existing user', async () => {
    const created = await post(app, '/v2/user', { client_user_id: 'walk-in-0001' });
    expect(created.status).toBe(200);
    const user = userSchema.parse(created.body);
    expect(user.client_user_id).toBe('walk-in-0001');
    expect(user.created_on).toBe(NOW.toISOString());

    const again = await post(app, '/v2/user', { client_user_id: 'walk-in-0001' });
    expect(again.status).toBe(400);
    expect(userConflictErrorSchema.parse(again.body).detail).toEqual({
      error_type: 'INVALID_REQUEST',
      error_message: 'Client user id already exists.',
      user_id: user.user_id,
      created_on: user.created_on,
    });
  });

  it('refuses an empty client_user_id and a bad time zone with the form messages', async () => {
    const { status, body } = await post(app, '/v2/user', {
      client_user_id: '',
      fallback_time_zone: 'Mars/Olympus',
    });
    expect(status).toBe(422);
    expect(locs(body)).toEqual({
      client_user_id: MESSAGES.clientUserIdLength,
      fallback_time_zone: MESSAGES.timeZone,
    });
  });

  it('keeps the fallback time zone and birth date', async () => {
    const { body } = await post(app, '/v2/user', {
      client_user_id: 'walk-in-tz',
      fallback_time_zone: 'America/Chicago',
      fallback_birth_date: '1990-01-02',
    });
    const user = userSchema.parse(body);
    expect(user.fallback_time_zone?.id).toBe('America/Chicago');
    expect(user.fallback_birth_date?.value).toBe('1990-01-02');
  });
});

describe('GET /v2/user', () => {
  it('pages the team’s users with offset and limit', async () => {
    const page = usersPageSchema.parse((await get(app, '/v2/user?offset=2&limit=3')).body);
    expect(page.users.map((u) => u.client_user_id)).toEqual([
      'demo-patient-003',
      'demo-patient-004',
      'demo-patient-005',
    ]);
    expect(page).toMatchObject({ offset: 2, limit: 3 });
    expect(page.total).toBeGreaterThanOrEqual(PATIENTS.length);
  });

  it('searches client_user_id and the name last ordered under', async () => {
    const byName = usersPageSchema.parse((await get(app, '/v2/user?search=halvor')).body);
    expect(byName.users.map((u) => u.user_id)).toEqual([PATIENTS[7]?.id]);
    const byId = usersPageSchema.parse((await get(app, '/v2/user?search=patient-01')).body);
    expect(byId.total).toBe(10);

    const { body } = await post(app, '/v2/user', { client_user_id: 'walk-in-search' });
    const user = userSchema.parse(body);
    await post(
      app,
      '/v3/order',
      validOrder({
        user_id: user.user_id,
        patient_details: { ...(validOrder().patient_details as object), first_name: 'Zebulon' },
      }),
    );
    const found = usersPageSchema.parse((await get(app, '/v2/user?search=zebulon')).body);
    expect(found.users.map((u) => u.user_id)).toEqual([user.user_id]);
  });

  it('refuses a limit over 500', async () => {
    expect((await get(app, '/v2/user?limit=501')).status).toBe(422);
  });
});

describe('deleting a user', () => {
  it('schedules the deletion, hides the user, and undo within 7 days restores it', async () => {
    const user = userSchema.parse(
      (await post(app, '/v2/user', { client_user_id: 'to-delete' })).body,
    );
    expect(await del(app, `/v2/user/${user.user_id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await get(app, `/v2/user/${user.user_id}`)).toEqual({
      status: 404,
      body: { detail: 'You have scheduled this user for deletion.' },
    });
    expect((await del(app, `/v2/user/${user.user_id}`)).status).toBe(400);
    const listed = usersPageSchema.parse((await get(app, '/v2/user?search=to-delete')).body);
    expect(listed.total).toBe(0);
    expect((await post(app, '/v3/order', validOrder({ user_id: user.user_id }))).status).toBe(404);

    clock = new Date(NOW.getTime() + 6 * 86_400_000);
    const undone = await post(app, `/v2/user/undo_delete?user_id=${user.user_id}`, undefined);
    expect(undone).toMatchObject({ status: 200, body: { success: true } });
    expect((await get(app, `/v2/user/${user.user_id}`)).status).toBe(200);
    clock = NOW;
  });

  it('cannot be undone after 7 days', async () => {
    const user = userSchema.parse(
      (await post(app, '/v2/user', { client_user_id: 'too-late' })).body,
    );
    await del(app, `/v2/user/${user.user_id}`);
    clock = new Date(NOW.getTime() + 8 * 86_400_000);
    const late = await post(app, '/v2/user/undo_delete?client_user_id=too-late', undefined);
    expect(late.status).toBe(404);
    clock = NOW;
  });

  it('a reused client_user_id is a new user and the old one cannot come back', async () => {
    const old = userSchema.parse((await post(app, '/v2/user', { client_user_id: 'reused' })).body);
    await del(app, `/v2/user/${old.user_id}`);
    const fresh = await post(app, '/v2/user', { client_user_id: 'reused' });
    expect(fresh.status).toBe(200);
    expect(userSchema.parse(fresh.body).user_id).not.toBe(old.user_id);
    expect((await post(app, `/v2/user/undo_delete?user_id=${old.user_id}`, undefined)).status).toBe(
      404,
    );
  });

  it('undo takes a user_id or a client_user_id, not both', async () => {
    const both = await post(
      app,
      `/v2/user/undo_delete?user_id=${PATIENTS[0]?.id ?? ''}&client_user_id=x`,
      undefined,
    );
    expect(both.status).toBe(422);
  });
});
