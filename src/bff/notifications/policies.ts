import type { Kysely } from 'kysely';
import {
  DEFAULT_POLICY_TEAM,
  type EscalationPolicy,
  type EscalationPolicyBody,
  type Recipient,
} from '../../contract/notifications';
import type { Database } from '../platform/database/schema';
import { namesByEmail, notifiableAccounts, type NotifiableAccount } from './preferences';

/** The policy of teams without one, until an admin saves one (from the configuration). */
export interface DefaultPolicy {
  nextTierMinutes: number;
  lastTier: readonly string[];
}

function parseTier(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function listPolicies(
  db: Kysely<Database>,
  defaults: DefaultPolicy,
): Promise<EscalationPolicy[]> {
  const rows = await db.selectFrom('escalation_policy').selectAll().orderBy('team_id').execute();
  const policies = rows.map((r): EscalationPolicy => ({
    team_id: r.team_id,
    next_tier_minutes: r.next_tier_minutes,
    last_tier: parseTier(r.last_tier),
    saved: true,
    updated_at: new Date(r.updated_at).toISOString(),
  }));
  if (!policies.some((p) => p.team_id === DEFAULT_POLICY_TEAM)) {
    policies.unshift({
      team_id: DEFAULT_POLICY_TEAM,
      next_tier_minutes: defaults.nextTierMinutes,
      last_tier: [...defaults.lastTier],
      saved: false,
      updated_at: null,
    });
  }
  return policies.sort((a, b) =>
    a.team_id === DEFAULT_POLICY_TEAM ? -1 : b.team_id === DEFAULT_POLICY_TEAM ? 1 : 0,
  );
}

/** The team's own policy, else the saved default, else the configured one. */
export async function policyFor(
  db: Kysely<Database>,
  teamId: string | null,
  defaults: DefaultPolicy,
): Promise<{ teamId: string; nextTierMinutes: number; lastTier: string[] }> {
  const rows = await db
    .selectFrom('escalation_policy')
    .selectAll()
    .where('team_id', 'in', teamId ? [teamId, DEFAULT_POLICY_TEAM] : [DEFAULT_POLICY_TEAM])
    .execute();
  const row = rows.find((r) => r.team_id === teamId) ?? rows[0];
  if (!row) {
    return {
      teamId: DEFAULT_POLICY_TEAM,
      nextTierMinutes: defaults.nextTierMinutes,
      lastTier: [...defaults.lastTier],
    };
  }
  return {
    teamId: row.team_id,
    nextTierMinutes: row.next_tier_minutes,
    lastTier: parseTier(row.last_tier),
  };
}

export async function savePolicy(
  db: Kysely<Database>,
  teamId: string,
  body: EscalationPolicyBody,
  by: string | null,
  now: number,
): Promise<void> {
  const values = {
    next_tier_minutes: body.next_tier_minutes,
    last_tier: JSON.stringify([...new Set(body.last_tier.map((e) => e.toLowerCase()))]),
    updated_at: now,
    updated_by: by,
  };
  await db
    .insertInto('escalation_policy')
    .values({ team_id: teamId, ...values })
    .onConflict((oc) => oc.column('team_id').doUpdateSet(values))
    .execute();
}

/** Clinicians who take critical-result notices as they happen. */
async function criticalTakers(db: Kysely<Database>): Promise<NotifiableAccount[]> {
  const clinicians = await notifiableAccounts(db, ['clinician']);
  return clinicians.filter((c) => c.preferences.critical_results && !c.preferences.digest_only);
}

const asRecipient = (a: { email: string; name: string | null }): Recipient => ({
  email: a.email,
  name: a.name,
});

/**
 * The first tier: the clinician whose NPI the order names, where an account holds it,
 * else every clinician who takes critical-result notices.
 */
export async function firstTier(
  db: Kysely<Database>,
  physicianNpi: string | null,
): Promise<{ rule: 'ordering_clinician' | 'clinicians'; recipients: Recipient[] }> {
  const takers = await criticalTakers(db);
  const ordering = physicianNpi
    ? takers.filter((c) => c.preferences.physician_npi === physicianNpi)
    : [];
  if (ordering.length > 0)
    return { rule: 'ordering_clinician', recipients: ordering.map(asRecipient) };
  return { rule: 'clinicians', recipients: takers.map(asRecipient) };
}

/** The last tier: the policy's addresses, or every clinician who takes notices when it names none. */
export async function lastTier(db: Kysely<Database>, addresses: readonly string[]) {
  if (addresses.length === 0) return (await criticalTakers(db)).map(asRecipient);
  const names = await namesByEmail(db, addresses);
  return addresses.map((email) =>
    asRecipient({ email, name: names.get(email.toLowerCase()) ?? null }),
  );
}
