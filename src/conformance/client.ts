import { DELIBERATE_DIFFERENCES } from '../contract/openapi/differences';
import {
  type DocumentValidator,
  documentOperations,
  operationKey,
  type HttpMethod,
  type Operation,
} from './document';

/*
 * An HTTP client of the local Lab API that checks every exchange against the document:
 * the request's query names and JSON body, then the response's status, content type and
 * body. Problems are collected per exchange, not thrown, so one case reports them all.
 */

export interface Exchange {
  /** The document operation the request answered to. */
  operation: string | undefined;
  method: HttpMethod;
  url: string;
  status: number;
  problems: string[];
}

export interface CallOptions {
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The statuses this call must answer; anything else throws (the case cannot go on). */
  expect: number | readonly number[];
  /** The request is wrong on purpose (a 422 case): its query and body are not held to the document. */
  invalidRequest?: boolean;
  /** Body members the document does not have, sent on purpose: the real service ignores them. */
  unknownMembers?: readonly string[];
  /** Leave the key header out (401 cases). */
  withoutKey?: boolean;
}

/** An answer: `T` is what the caller reads of the body, which the document has checked. */
export interface Answer<T> {
  status: number;
  body: T;
  contentType: string;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The document operation a concrete path answers to: literal segments win over parameters. */
export function matchOperation(
  operations: readonly Operation[],
  method: HttpMethod,
  path: string,
): Operation | undefined {
  const parts = segments(path);
  let best: { op: Operation; literals: number } | undefined;
  for (const op of operations) {
    if (op.method !== method) continue;
    const template = segments(op.path);
    if (template.length !== parts.length) continue;
    let literals = 0;
    const matches = template.every((t, i) => {
      if (t.startsWith('{') && t.endsWith('}')) return true;
      literals++;
      return t === parts[i];
    });
    if (matches && (!best || literals > best.literals)) best = { op, literals };
  }
  return best?.op;
}

const EXTRA_ROUTES = new Map(
  DELIBERATE_DIFFERENCES.flatMap((d) =>
    d.kind === 'extra-route' ? [[operationKey(d.method, d.path), d.sameAs] as const] : [],
  ),
);

const EXTRA_QUERY = new Set(
  DELIBERATE_DIFFERENCES.flatMap((d) =>
    d.kind === 'extra-query-parameter' ? [`${d.operation} ?${d.parameter}`] : [],
  ),
);

/** What an error the document does not declare looks like: FastAPI's HTTPException, or a refused transition. */
const UNDECLARED_ERROR_SCHEMA = {
  anyOf: [
    {
      type: 'object',
      required: ['detail'],
      properties: { detail: { anyOf: [{ type: 'string' }, { type: 'object' }] } },
      additionalProperties: false,
    },
    {
      type: 'object',
      required: ['error', 'message', 'status_code'],
      properties: {
        error: { type: 'string' },
        message: { type: 'string' },
        status_code: { type: 'integer' },
      },
      additionalProperties: false,
    },
  ],
};

export class ConformanceClient {
  readonly exchanges: Exchange[] = [];
  /** How many bodies were held to the document: answers (JSON or PDF) and requests. */
  readonly checked = { responseBodies: 0, requestBodies: 0 };
  readonly operations: Operation[];
  private readonly undeclaredError;

  constructor(
    private readonly baseUrl: string,
    private readonly key: { header: string; value: string },
    readonly validator: DocumentValidator,
  ) {
    this.operations = documentOperations(validator.document);
    this.undeclaredError = validator.compileStandalone(UNDECLARED_ERROR_SCHEMA);
  }

  get keyHeader(): string {
    return this.key.header;
  }

  /** The document operation answering `method path`, through a deliberate extra route if need be. */
  operationFor(method: HttpMethod, path: string): Operation | undefined {
    const alias = EXTRA_ROUTES.get(operationKey(method, path));
    if (alias !== undefined) return this.operations.find((op) => op.key === alias);
    return matchOperation(this.operations, method, path);
  }

  async call<T = unknown>(
    method: HttpMethod,
    url: string,
    options: CallOptions,
  ): Promise<Answer<T>> {
    const target = new URL(url, this.baseUrl);
    const op = this.operationFor(method, target.pathname);
    const problems: string[] = [];
    if (!op) problems.push(`${method} ${target.pathname} is no operation of the document`);
    if (op && !options.invalidRequest) problems.push(...this.requestProblems(op, target, options));

    const headers: Record<string, string> = { ...options.headers };
    if (!options.withoutKey) headers[this.key.header] = this.key.value;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(target, { method, headers, ...(body ? { body } : {}) });
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const bytes = Buffer.from(await response.arrayBuffer());
    const parsed: unknown =
      contentType === 'application/json' && bytes.length > 0
        ? JSON.parse(bytes.toString('utf8'))
        : bytes;

    if (op) problems.push(...this.responseProblems(op, response.status, contentType, parsed));
    this.exchanges.push({
      operation: op?.key,
      method,
      url: `${target.pathname}${target.search}`,
      status: response.status,
      problems,
    });
    const expected: readonly number[] =
      typeof options.expect === 'number' ? [options.expect] : options.expect;
    if (!expected.includes(response.status)) {
      throw new Error(
        `${method} ${target.pathname}${target.search} answered ${String(response.status)}, expected ${expected.join(' or ')}: ${contentType === 'application/json' ? JSON.stringify(parsed).slice(0, 500) : contentType}`,
      );
    }
    return { status: response.status, body: parsed as T, contentType };
  }

  private requestProblems(op: Operation, target: URL, options: CallOptions): string[] {
    const problems: string[] = [];
    const documented = new Set(
      (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    );
    for (const name of new Set(target.searchParams.keys())) {
      if (!documented.has(name) && !EXTRA_QUERY.has(`${op.key} ?${name}`)) {
        problems.push(`request: ${op.key} has no query parameter '${name}'`);
      }
    }
    if (options.json !== undefined || options.form) this.checked.requestBodies++;
    if (options.json !== undefined) {
      const sentOnPurpose = (options.unknownMembers ?? []).map(
        (name) => `must NOT have additional properties '${name}'`,
      );
      const verdict = this.validator.requestBody(op, 'application/json', options.json);
      problems.push(
        ...verdict.errors
          .filter((e) => !sentOnPurpose.some((text) => e.endsWith(text)))
          .map((e) => `request body: ${e}`),
      );
    }
    if (options.form) {
      // Multipart fields as the document types them: files are binary strings, flags booleans.
      const fields: Record<string, unknown> = {};
      for (const [name, value] of options.form.entries()) {
        if (typeof value === 'string') {
          fields[name] = value === 'true' ? true : value === 'false' ? false : value;
        } else {
          fields[name] = [...((fields[name] as unknown[] | undefined) ?? []), 'binary'];
        }
      }
      const verdict = this.validator.requestBody(op, 'multipart/form-data', fields);
      problems.push(...verdict.errors.map((e) => `request form: ${e}`));
    }
    return problems;
  }

  private responseProblems(
    op: Operation,
    status: number,
    contentType: string,
    body: unknown,
  ): string[] {
    const declared = op.responses[String(status)];
    if (!declared) {
      if (status < 400) return [`response: ${op.key} declares no ${String(status)}`];
      if (contentType !== 'application/json') {
        return [`response: ${String(status)} answered ${contentType || 'no content type'}`];
      }
      return this.undeclaredError(body)
        ? []
        : [
            `response: the ${String(status)} body is neither {detail} nor {error, message, status_code}`,
          ];
    }
    // A declared answer without content (the management document's 204s): none is sent.
    if (!declared.content) {
      const empty = Buffer.isBuffer(body) && body.length === 0;
      return empty ? [] : [`response: ${op.key} declares no body for ${String(status)}`];
    }
    this.checked.responseBodies++;
    if (!declared.content[contentType]) {
      return [
        `response: ${op.key} declares no ${contentType || 'untyped'} body for ${String(status)}`,
      ];
    }
    if (contentType === 'application/pdf') {
      return Buffer.isBuffer(body) && body.subarray(0, 5).toString('latin1') === '%PDF-'
        ? []
        : ['response: the PDF does not start with %PDF-'];
    }
    const verdict = this.validator.response(op, status, contentType, body);
    const problems = verdict.errors.map((e) => `response ${String(status)}: ${e}`);
    if (status === 422) problems.push(...this.validationDetailProblems(body));
    return problems;
  }

  /** A 422's `detail`, when a list, holds the document's ValidationError items. */
  private validationDetailProblems(body: unknown): string[] {
    const detail = (body as { detail?: unknown }).detail;
    if (!Array.isArray(detail)) return [];
    return detail.flatMap((item, index) =>
      this.validator
        .component('ValidationError', item)
        .errors.map((e) => `response 422: detail/${String(index)}${e}`),
    );
  }

  /**
   * The problems of the exchanges since `from`, each told once with how often it occurred:
   * array positions fold to `*`, so a problem of every order in a page reads as one line.
   */
  problemsSince(from: number): string[] {
    const counts = new Map<string, number>();
    for (const e of this.exchanges.slice(from)) {
      for (const problem of e.problems) {
        const line = `${e.operation ?? `${e.method} ${e.url}`} → ${String(e.status)}: ${problem.replace(/\/\d+(?=\/|\s|$)/g, '/*')}`;
        counts.set(line, (counts.get(line) ?? 0) + 1);
      }
    }
    return [...counts].map(([line, count]) => (count > 1 ? `${line} (×${String(count)})` : line));
  }
}
