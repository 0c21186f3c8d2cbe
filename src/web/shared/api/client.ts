import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  LAB_PROXY_PREFIX,
} from '../../../contract/console';
import { detailErrorSchema, problemSchema, type Problem } from '../../../contract/errors';
import type { z } from 'zod';

/**
 * An answer of the BFF that is not a success. It keeps the HTTP status and, when
 * the body is problem JSON (the BFF's own refusals) or `{detail}` (the Lab API's),
 * a readable message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  /** The parsed JSON body, for answers a form reads further (422 details, conflicts). */
  readonly body: unknown;

  constructor(status: number, problem: Problem | null, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** What a person can read about a failed request; never a stack or a raw body. */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403) return 'Your role does not allow this.';
    if (error.status === 502) return 'The Lab API cannot be reached right now.';
    if (error.status === 504) return 'The Lab API took too long to answer.';
    if (error.status >= 500) return 'Something went wrong on the server.';
    return error.message;
  }
  if (error instanceof TypeError) return 'The console cannot reach its server. Check the network.';
  return 'Something went wrong.';
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): keep the status only.
  }
  const problem = problemSchema.safeParse(body);
  if (problem.success) {
    const { data } = problem;
    return new ApiError(response.status, data, data.detail ?? data.title, body);
  }
  const detail = detailErrorSchema.safeParse(body);
  const message = detail.success
    ? detail.data.detail
    : response.statusText || `Request failed (${response.status})`;
  return new ApiError(response.status, null, message, body);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Extra request headers, such as X-Idempotency-Key. */
  headers?: Record<string, string> | undefined;
}

/** One request to the BFF: same origin, anti-forgery header, JSON in and out. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = {
    [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE,
    accept: 'application/json',
    ...options.headers,
  };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
    signal: options.signal ?? null,
  };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return null;
  return response.json();
}

/** A GET whose answer is parsed with one of the contract's (tolerant) response schemas. */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  return schema.parse(await apiRequest(path, { signal }));
}

/** The path of a Lab API call through the BFF's proxy. */
export function labPath(path: string, query?: Record<string, string | number>): string {
  const search = query
    ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
    : '';
  return `${LAB_PROXY_PREFIX}${path}${search ? `?${search}` : ''}`;
}
