import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, errors, type FormData } from 'undici';
import { retryWait } from './retry';

export type UpstreamEnvironment = 'local' | 'sandbox' | 'production' | 'custom';

/** Where the BFF sends Lab API calls, once start-up has resolved it. */
export interface Upstream {
  environment: UpstreamEnvironment;
  region: 'us' | 'eu' | null;
  baseUrl: string;
  apiKey: string;
  keyHeader: string;
  /** The longest wait for one read (connect, headers, each body chunk). */
  timeoutMs: number;
  /** The longest a whole call may take, retries included (default below). */
  deadlineMs?: number;
  /** The longest `Retry-After` a GET waits out before its retry; longer ones go to the browser. */
  retryMaxWaitMs?: number;
}

export interface UpstreamRequest {
  method: string;
  /** Path and query, e.g. `/v3/orders?page=1`. */
  pathAndQuery: string;
  headers: Record<string, string>;
  /** JSON text, or a multipart form (its encoder sets the content type and streams it). */
  body?: string | FormData;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The whole answer: read within the deadline, before the browser gets a status. */
  body: Buffer;
}

export type UpstreamFailure = 'timeout' | 'unreachable' | 'oversized';

const MESSAGES: Record<UpstreamFailure, string> = {
  timeout: 'Lab API timed out',
  unreachable: 'Lab API unreachable',
  oversized: 'Lab API answer too large',
};

export class UpstreamError extends Error {
  constructor(
    readonly failure: UpstreamFailure,
    cause: unknown,
  ) {
    super(MESSAGES[failure], { cause });
    this.name = 'UpstreamError';
  }
}

export const UPSTREAM_DEFAULTS = { deadlineMs: 30_000, retryMaxWaitMs: 5_000 };
/** No Lab API answer the console uses comes near this; a larger one is refused, not buffered. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * One keep-alive pool to the Lab API; the key is added here and nowhere else. Each call
 * has a total deadline, retries included: undici's time-outs are per read, so an
 * upstream sending a byte now and then would otherwise hold the request for ever.
 */
export class LabApiClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly deadlineMs: number;
  private readonly retryMaxWaitMs: number;

  constructor(private readonly upstream: Upstream) {
    const url = new URL(upstream.baseUrl);
    this.pool = new Pool(url.origin, {
      connections: 64,
      headersTimeout: upstream.timeoutMs,
      bodyTimeout: upstream.timeoutMs,
      connectTimeout: Math.min(upstream.timeoutMs, 10_000),
    });
    this.basePath = url.pathname.replace(/\/$/, '');
    this.deadlineMs = upstream.deadlineMs ?? UPSTREAM_DEFAULTS.deadlineMs;
    this.retryMaxWaitMs = upstream.retryMaxWaitMs ?? UPSTREAM_DEFAULTS.retryMaxWaitMs;
  }

  /** Sends a call, retrying a busy GET (see `retry.ts`); the last answer is returned. */
  async send(request: UpstreamRequest): Promise<UpstreamResponse> {
    const started = Date.now();
    const deadline = AbortSignal.timeout(this.deadlineMs);
    try {
      for (let retries = 0; ; retries++) {
        const response = await this.attempt(request, deadline);
        const wait = retryWait(
          request.method,
          response.status,
          header(response, 'retry-after'),
          retries,
          {
            maxWaitMs: this.retryMaxWaitMs,
            timeLeftMs: this.deadlineMs - (Date.now() - started),
          },
        );
        if (wait === null) return response;
        await sleep(wait, undefined, { signal: deadline });
      }
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError(
        deadline.aborted || isTimeout(error) ? 'timeout' : 'unreachable',
        error,
      );
    }
  }

  private async attempt(request: UpstreamRequest, signal: AbortSignal): Promise<UpstreamResponse> {
    const response = await this.pool.request({
      method: request.method,
      path: this.basePath + request.pathAndQuery,
      headers: { ...request.headers, [this.upstream.keyHeader]: this.upstream.apiKey },
      body: request.body ?? null,
      signal,
    });
    const declared = Number(response.headers['content-length']);
    if (declared > MAX_ANSWER_BYTES) {
      response.body.destroy();
      throw new UpstreamError('oversized', null);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        response.body.destroy();
        throw new UpstreamError('oversized', null);
      }
      chunks.push(chunk);
    }
    return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) };
  }

  close() {
    return this.pool.close();
  }
}

function header(response: UpstreamResponse, name: string) {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isTimeout(error: unknown) {
  return (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  );
}
