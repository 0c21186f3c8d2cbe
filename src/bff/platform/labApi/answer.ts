import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { sendProblem } from '../http/problem';
import { FORWARDED_RESPONSE_HEADERS, pickHeaders } from './headers';
import { isBusy, retryAfterSeconds } from './retry';
import {
  UpstreamError,
  type LabApiClient,
  type UpstreamRequest,
  type UpstreamResponse,
} from './upstream';

/*
 * What the browser gets is the BFF's decision, not the Lab API's: a JSON call answers
 * JSON, a document call answers a PDF download, and anything else the Lab API sends
 * (an HTML error page, a script served inline, a body dripped for minutes) becomes one of
 * the BFF's own problem answers. The browser never renders upstream content.
 */

/** What a call's successful answer must be: JSON (the default) or a PDF document. */
export type AnswerKind = 'json' | 'pdf';

export type LabAnswer =
  | { ok: true; status: number; headers: Record<string, string>; body: Buffer | null }
  | {
      ok: false;
      status: number;
      title: string;
      detail: string;
      headers: Record<string, string>;
      /** Why, for the log line (never sent). */
      reason: string;
    };

const failure = (
  status: number,
  title: string,
  detail: string,
  reason: string,
  headers: Record<string, string> = {},
): LabAnswer => ({ ok: false, status, title, detail, reason, headers });

/** Sends a call to the Lab API and judges its answer; never throws for what the Lab API does. */
export async function callLabApi(
  client: LabApiClient,
  request: UpstreamRequest,
  kind: AnswerKind,
): Promise<LabAnswer> {
  let response;
  try {
    response = await client.send(request);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return error.failure === 'timeout'
      ? failure(
          504,
          error.message,
          'The Lab API did not answer in time. Try again in a moment.',
          error.failure,
        )
      : failure(
          502,
          error.message,
          'The Lab API did not answer. Try again in a moment.',
          error.failure,
        );
  }

  const headers = pickHeaders(response.headers, FORWARDED_RESPONSE_HEADERS);
  if (isBusy(response.status)) {
    const seconds = retryAfterSeconds(headers['retry-after']);
    return failure(
      429,
      'Too many requests',
      `The Lab API is busy. Try again in ${seconds} seconds.`,
      `busy ${response.status}`,
      { 'retry-after': String(seconds) },
    );
  }
  const ok = response.status >= 200 && response.status < 300;
  if (kind === 'pdf' && ok) return pdfAnswer(response);

  if (response.body.length === 0) return { ok: true, status: response.status, headers, body: null };
  const type = contentType(response.headers['content-type']);
  if (!isJsonType(type)) {
    return failure(
      502,
      'Unexpected Lab API answer',
      'The Lab API answered in a form the console cannot use. Try again in a moment.',
      `content-type ${type || 'none'} on a JSON call`,
    );
  }
  return {
    ok: true,
    status: response.status,
    headers: { ...headers, 'content-type': `${type}; charset=utf-8` },
    body: response.body,
  };
}

/** Re-served as a download of our own making, and only if the bytes really are a PDF. */
async function pdfAnswer(response: UpstreamResponse): Promise<LabAnswer> {
  if ((await fileTypeFromBuffer(response.body))?.mime !== 'application/pdf') {
    return failure(
      502,
      'Unexpected Lab API answer',
      'The Lab API sent a document that is not a PDF.',
      'document is not a PDF',
    );
  }
  const { 'content-disposition': disposition, ...validators } = pickHeaders(response.headers, [
    'content-disposition',
    'etag',
    'last-modified',
  ]);
  return {
    ok: true,
    status: response.status,
    headers: {
      ...validators,
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${pdfFileName(disposition)}"`,
    },
    body: response.body,
  };
}

/** The upstream's file name when it is a plain `*.pdf` name, else a neutral one. */
function pdfFileName(disposition: string | undefined) {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? '';
  return /^[\w.-]{1,100}\.pdf$/i.test(name) && !name.startsWith('.') ? name : 'document.pdf';
}

const contentType = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(';')[0]?.trim().toLowerCase() ?? '';

/** `application/json` and its structured-syntax relatives (`application/problem+json`). */
const isJsonType = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);

export function sendLabAnswer(reply: FastifyReply, answer: LabAnswer) {
  if (!answer.ok) {
    return sendProblem(reply.headers(answer.headers), answer.status, answer.title, answer.detail);
  }
  reply.status(answer.status).headers(answer.headers).header('cache-control', 'no-store');
  return answer.body === null ? reply.send() : reply.send(answer.body);
}
