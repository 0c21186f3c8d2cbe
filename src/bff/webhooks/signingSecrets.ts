import type { Kysely } from 'kysely';
import type { Database } from '../platform/database/schema';

/** How long the secret before a rotation still verifies: Svix signs with it this long too. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

/**
 * The secrets a webhook delivery may be signed with. The configured secret
 * (LAB_API_WEBHOOK_SECRET, or the one `npm start` makes) holds until a rotation retires
 * it; each rotation stores the new secret and gives the one before it a grace period.
 * Read from the store on every delivery, so a rotation applies at once on every replica.
 */
export class SigningSecrets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly configured: string | null,
  ) {}

  /** Every secret that verifies now, the newest first. */
  async current(now = Date.now()): Promise<string[]> {
    const rows = await this.db
      .selectFrom('webhook_signing_secret')
      .select(['secret', 'valid_until'])
      .orderBy('added_at', 'desc')
      .execute();
    const valid = rows
      .filter((r) => r.valid_until === null || r.valid_until > now)
      .map((r) => r.secret);
    const retired = rows.some((r) => r.secret === this.configured);
    if (this.configured && !retired && !valid.includes(this.configured)) {
      valid.push(this.configured);
    }
    return valid;
  }

  /** Whether deliveries signed with this secret verify now (it is the console's own endpoint's). */
  async verifiesWith(secret: string, now = Date.now()): Promise<boolean> {
    return (await this.current(now)).includes(secret);
  }

  /** After the endpoint's secret was rotated: the new one verifies, the old one for a grace period. */
  async rotated(previous: string, next: string, now = Date.now()): Promise<void> {
    const until = now + PREVIOUS_SECRET_GRACE_MS;
    await this.db.transaction().execute(async (trx) => {
      // Secrets older than the previous one stop now: only one switch is ever in flight.
      await trx
        .updateTable('webhook_signing_secret')
        .set({ valid_until: now })
        .where('secret', '!=', previous)
        .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
        .execute();
      await trx
        .deleteFrom('webhook_signing_secret')
        .where('secret', 'in', [previous, next])
        .execute();
      await trx
        .insertInto('webhook_signing_secret')
        .values([
          { secret: previous, added_at: now - 1, valid_until: until },
          { secret: next, added_at: now, valid_until: null },
        ])
        .execute();
    });
  }
}
