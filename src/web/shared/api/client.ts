import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  LAB_PROXY_PREFIX,
  SESSION_END_REASONS,
  SESSION_PATH,
} from '../../../contract/consoleProtocol';
import type { Problem } from '../../../contract/errors';
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
  if (error instanceof SessionChangedError || error instanceof SessionEndedError) {
    return error.message;
  }
  if (isApiError(error)) {
    if (error.status === 401) {
      return 'Your session has ended and you did not sign in again. Anything you entered is still here: send it again to sign in.';
    }
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
  return apiErrorFrom(
    response.status,
    body,
    response.statusText || `Request failed (${response.status})`,
  );
}

/**
 * The client's error for a failed answer's status and body: a problem's words, else a
 * `detail`, else `fallback`. The error schemas are loaded with the first error, not with
 * the console: they are zod's, and zod is not part of the first screen. Without them (their
 * script cannot be fetched either), the status and `fallback` are what is known.
 */
export async function apiErrorFrom(
  status: number,
  body: unknown,
  fallback: string,
): Promise<ApiError> {
  const schemas = await import('../../../contract/errors').catch(() => null);
  if (!schemas) return new ApiError(status, null, fallback, body);
  const problem = schemas.problemSchema.safeParse(body);
  if (problem.success) {
    const { data } = problem;
    return new ApiError(status, data, data.detail ?? data.title, body);
  }
  const detail = schemas.detailErrorSchema.safeParse(body);
  return new ApiError(status, null, detail.success ? detail.data.detail : fallback, body);
}

/**
 * How a request answered 401 (the session ended) gets a session again: the app mounts a
 * "Sign in again" dialog that registers itself here. It answers `renewed` when the same
 * account signed in again (the request is sent once more: a 401 never reached the Lab
 * API, so the same idempotency key is right), anything else when it did not.
 */
export type SessionRenewal = 'renewed' | 'other-account' | 'declined';
type Renewer = () => Promise<SessionRenewal>;

let renewer: Renewer | null = null;
let pendingRenewal: Promise<SessionRenewal> | null = null;
/** Set by signing out: a request that fails after it must not ask to sign in again. */
let sessionClosing = false;

export function registerSessionRenewer(next: Renewer | null): void {
  renewer = next;
}

export function setSessionClosing(closing: boolean): void {
  sessionClosing = closing;
}

/** One dialog for every request that met the end of the session at the same time. */
function renewSession(): Promise<SessionRenewal> {
  if (!renewer || sessionClosing) return Promise.resolve('declined');
  pendingRenewal ??= renewer().finally(() => {
    pendingRenewal = null;
  });
  return pendingRenewal;
}

/**
 * An admin ended this session (disabled the account, changed its role): the page must drop
 * every patient's data at once and say why, with no "sign in again" in place. The app
 * registers what that means (clear the cache, go to sign-in); the live stream calls it too.
 */
type SessionEndedHandler = (code: string) => void;
let sessionEndedHandler: SessionEndedHandler | null = null;

export function registerSessionEndedHandler(next: SessionEndedHandler | null): void {
  sessionEndedHandler = next;
}

export function notifySessionEnded(code: string): void {
  sessionEndedHandler?.(code);
}

/** The 401's problem `code` when it is one of the contract's reasons a session was ended. */
async function sessionEndReason(response: Response): Promise<string | null> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code =
    typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return null;
  return Object.hasOwn(SESSION_END_REASONS, code) ? code : null;
}

/** The request met a session an admin ended: the page is already leaving for sign-in. */
export class SessionEndedError extends Error {
  readonly code: string;
  constructor(code: string) {
    super('Your session was ended by an administrator.');
    this.name = 'SessionEndedError';
    this.code = code;
  }
}

/** The person signed in as someone else: what was on screen belonged to the other account. */
export class SessionChangedError extends Error {
  constructor() {
    super('Signed in as another account: what was entered has been discarded.');
    this.name = 'SessionChangedError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
  let response = await fetch(path, init);
  // The session endpoint's own 401 means "nobody is signed in", not "signed out midway".
  if (response.status === 401 && path !== SESSION_PATH && !options.signal?.aborted) {
    const ended = await sessionEndReason(response);
    if (ended) {
      notifySessionEnded(ended);
      throw new SessionEndedError(ended);
    }
    const renewal = await renewSession();
    if (renewal === 'other-account') throw new SessionChangedError();
    if (renewal === 'renewed') response = await fetch(path, init);
  }
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
