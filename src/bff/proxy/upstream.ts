import { Pool, errors } from 'undici';
import type { Readable } from 'node:stream';
import type { Upstream } from '../config';

export interface UpstreamRequest {
  method: string;
  /** Path and query, e.g. `/v3/orders?page=1`. */
  pathAndQuery: string;
  headers: Record<string, string>;
  /** JSON text, or the bytes of a multipart upload. */
  body?: string | Uint8Array;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export type UpstreamFailure = 'timeout' | 'unreachable';

export class UpstreamError extends Error {
  constructor(
    readonly failure: UpstreamFailure,
    cause: unknown,
  ) {
    super(failure === 'timeout' ? 'Lab API timed out' : 'Lab API unreachable', { cause });
    this.name = 'UpstreamError';
  }
}

/** One keep-alive pool to the Lab API; the key is added here and nowhere else. */
export class LabApiClient {
  private readonly pool: Pool;

  constructor(private readonly upstream: Upstream) {
    const url = new URL(upstream.baseUrl);
    this.pool = new Pool(url.origin, {
      connections: 64,
      headersTimeout: upstream.timeoutMs,
      bodyTimeout: upstream.timeoutMs,
      connectTimeout: Math.min(upstream.timeoutMs, 10_000),
    });
    this.basePath = url.pathname.replace(/\/$/, '');
  }

  private readonly basePath: string;

  async send(request: UpstreamRequest): Promise<UpstreamResponse> {
    try {
      const response = await this.pool.request({
        method: request.method,
        path: this.basePath + request.pathAndQuery,
        headers: { ...request.headers, [this.upstream.keyHeader]: this.upstream.apiKey },
        body: request.body ?? null,
      });
      return { status: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      throw new UpstreamError(isTimeout(error) ? 'timeout' : 'unreachable', error);
    }
  }

  close() {
    return this.pool.close();
  }
}

function isTimeout(error: unknown) {
  return (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  );
}
