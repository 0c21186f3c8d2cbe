import { MANAGEMENT_KEY_HEADER } from '../../contract';

/** Where the BFF manages the organisation, and with which key (never logged, never sent out). */
export interface ManagementUpstream {
  baseUrl: string;
  key: string;
  orgId: string;
}

export interface ManagementAnswer {
  status: number;
  body: unknown;
}

/** The management API could not be reached, or did not answer in time. */
export class ManagementUnreachable extends Error {
  override name = 'ManagementUnreachable';
}

const TIMEOUT_MS = 15_000;

/**
 * Calls the organisation management API with the management key. The key goes only in
 * the request header here; answers are parsed JSON and nothing of the request is kept.
 */
export class ManagementClient {
  constructor(private readonly upstream: ManagementUpstream) {}

  get orgId(): string {
    return this.upstream.orgId;
  }

  /** `path` below `/v1/org/{org_id}`, with its query. */
  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ManagementAnswer> {
    const url = `${this.upstream.baseUrl}/v1/org/${encodeURIComponent(this.upstream.orgId)}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          [MANAGEMENT_KEY_HEADER]: this.upstream.key,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ManagementUnreachable(error instanceof Error ? error.name : 'failed');
    }
    const text = await response.text();
    let parsed: unknown = null;
    if (text !== '') {
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        parsed = null;
      }
    }
    return { status: response.status, body: parsed };
  }
}
