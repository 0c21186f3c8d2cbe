import { describe, expect, it } from 'vitest';
import { userConflictErrorSchema } from './errors';
import { MESSAGES } from './messages';
import {
  USER_DELETION_GRACE_DAYS,
  createUserRequestSchema,
  deleteUserResponseSchema,
  undoDeleteUserQuerySchema,
  userSchema,
  usersPageSchema,
  usersQuerySchema,
} from './users';

function without(value: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
}

const USER_ID = '0b6a2f9e-6a3b-4f6e-9a51-3f1c2a8b7d10';
const TEAM_ID = '5f1b9c1e-2d3a-4b5c-8d7e-1a2b3c4d5e6f';

describe('createUserRequestSchema', () => {
  it('accepts a client user id, trimmed, with optional fallbacks', () => {
    expect(createUserRequestSchema.parse({ client_user_id: '  patient-42 ' })).toEqual({
      client_user_id: 'patient-42',
    });
    expect(
      createUserRequestSchema.safeParse({
        client_user_id: 'p',
        fallback_time_zone: 'America/New_York',
        fallback_birth_date: '1980-05-01',
      }).success,
    ).toBe(true);
    expect(createUserRequestSchema.safeParse({ client_user_id: 'x'.repeat(255) }).success).toBe(
      true,
    );
  });

  it('refuses an empty, missing or too long client user id', () => {
    for (const client_user_id of ['', '   ', 'x'.repeat(256)]) {
      expect(createUserRequestSchema.safeParse({ client_user_id }).error?.issues[0]?.message).toBe(
        MESSAGES.clientUserIdLength,
      );
    }
    expect(createUserRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.required);
  });

  it('refuses an unknown time zone and a bad birth date', () => {
    const result = createUserRequestSchema.safeParse({
      client_user_id: 'p',
      fallback_time_zone: 'Mars/Olympus',
      fallback_birth_date: '01/05/1980',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fallback_time_zone', MESSAGES.timeZone],
      ['fallback_birth_date', MESSAGES.date],
    ]);
  });
});

describe('user responses', () => {
  const user = {
    user_id: USER_ID,
    team_id: TEAM_ID,
    client_user_id: 'patient-42',
    created_on: '2026-03-15T10:00:00Z',
    connected_sources: [
      {
        provider: { name: 'Oura', slug: 'oura', logo: 'https://x/oura.png' },
        created_on: '2026-03-15T10:00:00Z',
        source: { name: 'Oura' },
      },
    ],
    fallback_time_zone: null,
    fallback_birth_date: { value: '1980-05-01', source_slug: 'manual', updated_at: 'x' },
    something_new: true,
  };

  it('tolerates unknown fields and missing optional ones', () => {
    const parsed = userSchema.parse(user);
    expect(parsed.something_new).toBe(true);
    const bare = without(user, 'connected_sources');
    expect(userSchema.parse(bare).connected_sources).toEqual([]);
  });

  it('parses a page, a deletion, and the conflict error', () => {
    expect(
      usersPageSchema.parse({ users: [user], total: 1, offset: 0, limit: 100 }).users,
    ).toHaveLength(1);
    expect(deleteUserResponseSchema.parse({ success: true }).success).toBe(true);
    expect(USER_DELETION_GRACE_DAYS).toBe(7);
    expect(
      userConflictErrorSchema.safeParse({
        detail: {
          error_type: 'INVALID_REQUEST',
          error_message: 'Client user id already exists.',
          user_id: USER_ID,
          created_on: '2026-03-15T10:00:00Z',
        },
      }).success,
    ).toBe(true);
  });

  it('pages with offset and a limit up to 500', () => {
    expect(usersQuerySchema.parse({})).toEqual({ offset: 0, limit: 100 });
    expect(usersQuerySchema.parse({ offset: '10', limit: '500' })).toEqual({
      offset: 10,
      limit: 500,
    });
    expect(usersQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
  });

  it('undoes a deletion by exactly one of user id and client user id', () => {
    expect(undoDeleteUserQuerySchema.safeParse({ user_id: USER_ID }).success).toBe(true);
    expect(undoDeleteUserQuerySchema.safeParse({ client_user_id: 'p' }).success).toBe(true);
    expect(undoDeleteUserQuerySchema.safeParse({}).success).toBe(false);
    expect(
      undoDeleteUserQuerySchema.safeParse({ user_id: USER_ID, client_user_id: 'p' }).error
        ?.issues[0]?.message,
    ).toBe(MESSAGES.undoDeleteTarget);
  });
});
