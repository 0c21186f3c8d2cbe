import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CreateWebhookBody, PatchWebhookBody } from '../../contract';
import type { SandboxDb } from '../store/database';
import type { WebhookEndpointTable } from '../store/schema';
import type { SandboxWebhooks } from '../webhooks/sender';

/*
 * Webhook endpoints of the management API, kept in the store and mirrored into the
 * sender: an endpoint enabled here is one the sender delivers to, signed with its
 * secret (and, after a rotation, with the previous one for Svix's 24 hours).
 */

export const PREVIOUS_SECRET_MS = 24 * 3600 * 1000;

type Row = Selectable<WebhookEndpointTable>;

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const newEndpointId = () => `ep_${randomBytes(12).toString('hex')}`;

/** The document's `Webhook`. */
export function webhookDocument(row: Row) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    rate_limit: row.rate_limit,
    disabled: row.disabled === 1,
    filter_types: row.filter_types ? (JSON.parse(row.filter_types) as string[]) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class WebhookEndpoints {
  constructor(
    private readonly db: SandboxDb,
    private readonly sender: SandboxWebhooks,
  ) {}

  /** Hands every enabled endpoint to the sender (at start). */
  async load(now: number): Promise<void> {
    const rows = await this.db.selectFrom('webhook_endpoint').selectAll().execute();
    for (const row of rows) this.mirror(row, now);
  }

  private mirror(row: Row, now: number): void {
    if (row.disabled === 1) {
      this.sender.removeEndpoint(row.url);
      return;
    }
    const previous =
      row.previous_secret && (row.previous_until ?? 0) > now ? row.previous_secret : null;
    this.sender.addEndpoint({
      url: row.url,
      secret: row.secret,
      previousSecret: previous,
      headers: JSON.parse(row.headers) as Record<string, string>,
    });
  }

  list(teamId: string, environment: string): Promise<Row[]> {
    return this.db
      .selectFrom('webhook_endpoint')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('environment', '=', environment)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  find(teamId: string, environment: string, id: string): Promise<Row | undefined> {
    return this.db
      .selectFrom('webhook_endpoint')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('environment', '=', environment)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async create(
    teamId: string,
    environment: string,
    body: CreateWebhookBody,
    now: Date,
    hostEndpoint = false,
  ): Promise<Row> {
    const at = now.toISOString();
    const row: Row = {
      id: newEndpointId(),
      team_id: teamId,
      environment,
      url: body.url,
      description: body.description ?? '',
      rate_limit: body.rate_limit ?? null,
      disabled: body.disabled ? 1 : 0,
      filter_types: body.filter_types ? JSON.stringify(body.filter_types) : null,
      headers: '{}',
      secret: body.secret ?? newSecret(),
      previous_secret: null,
      previous_until: null,
      host_endpoint: hostEndpoint ? 1 : 0,
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('webhook_endpoint').values(row).execute();
    this.mirror(row, now.getTime());
    return row;
  }

  async patch(row: Row, body: PatchWebhookBody, now: Date): Promise<Row> {
    const next: Row = {
      ...row,
      ...(body.url != null ? { url: body.url } : {}),
      ...(body.description != null ? { description: body.description } : {}),
      ...(body.rate_limit !== undefined ? { rate_limit: body.rate_limit } : {}),
      ...(body.disabled != null ? { disabled: body.disabled ? 1 : 0 } : {}),
      ...(body.filter_types !== undefined
        ? { filter_types: body.filter_types ? JSON.stringify(body.filter_types) : null }
        : {}),
      updated_at: now.toISOString(),
    };
    await this.save(next);
    if (next.url !== row.url) this.sender.removeEndpoint(row.url);
    this.mirror(next, now.getTime());
    return next;
  }

  async setHeaders(row: Row, headers: Record<string, string>, now: Date): Promise<void> {
    const next = { ...row, headers: JSON.stringify(headers), updated_at: now.toISOString() };
    await this.save(next);
    this.mirror(next, now.getTime());
  }

  async rotate(row: Row, key: string | null | undefined, now: Date): Promise<void> {
    const next: Row = {
      ...row,
      secret: key ?? newSecret(),
      previous_secret: row.secret,
      previous_until: now.getTime() + PREVIOUS_SECRET_MS,
      updated_at: now.toISOString(),
    };
    await this.save(next);
    this.mirror(next, now.getTime());
  }

  async remove(row: Row): Promise<void> {
    await this.db.deleteFrom('webhook_endpoint').where('id', '=', row.id).execute();
    this.sender.removeEndpoint(row.url);
  }

  /**
   * The endpoint the host process delivers to (`npm start`'s own console): one row,
   * re-pointed and re-keyed at every start, so it can be seen and rotated like any other.
   */
  async registerHostEndpoint(
    teamId: string,
    endpoint: { url: string; secret: string },
    now: Date,
  ): Promise<void> {
    const existing = await this.db
      .selectFrom('webhook_endpoint')
      .selectAll()
      .where('host_endpoint', '=', 1)
      .executeTakeFirst();
    if (!existing) {
      await this.create(
        teamId,
        'sandbox',
        { url: endpoint.url, description: 'This console', secret: endpoint.secret },
        now,
        true,
      );
      return;
    }
    if (existing.url !== endpoint.url) this.sender.removeEndpoint(existing.url);
    const next: Row = {
      ...existing,
      url: endpoint.url,
      secret: endpoint.secret,
      previous_secret: null,
      previous_until: null,
      disabled: 0,
      updated_at: now.toISOString(),
    };
    await this.save(next);
    this.mirror(next, now.getTime());
  }

  private async save(row: Row): Promise<void> {
    const { id, ...rest } = row;
    await this.db.updateTable('webhook_endpoint').set(rest).where('id', '=', id).execute();
  }
}
