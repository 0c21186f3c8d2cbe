import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { DELIBERATE_DIFFERENCES } from '../contract/openapi/differences';

/*
 * The provider's OpenAPI document of the version we implement, as vendored in
 * src/contract/openapi, and JSON Schema 2020-12 validators built from it (Ajv).
 * `$ref`s resolve inside the document: it is added to Ajv whole, under one id.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type JsonSchema = Record<string, unknown>;

interface DocumentOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface LabApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, DocumentOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string }>;
  };
}

/** One operation of the document: method and templated path, as the document writes them. */
export interface Operation extends DocumentOperation {
  method: HttpMethod;
  path: string;
  /** `GET /v3/order/{order_id}`: how reports and the operations table name it. */
  key: string;
}

const DOCUMENT_FILE = new URL('../contract/openapi/lab-api-0.4.643.json', import.meta.url);
const ID = 'lab-api';
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const labApiDocument = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as LabApiDocument;

/** The organisation management API's document (management-api.json, 0.1.0). */
export const managementApiDocument = JSON.parse(
  readFileSync(new URL('../contract/openapi/management-api.json', import.meta.url), 'utf8'),
) as LabApiDocument;

export const operationKey = (method: HttpMethod, path: string) => `${method} ${path}`;

export function documentOperations(document: LabApiDocument = labApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method.toLowerCase() as Lowercase<HttpMethod>];
      return operation ? [{ ...operation, method, path, key: operationKey(method, path) }] : [];
    }),
  );
}

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of the document whose object schemas admit only the members they list: the real
 * service answers through pydantic response models, which drop anything undeclared, so a
 * member the document does not have is a difference worth failing on. Enum values the
 * deliberate differences name are added where they are declared.
 */
function closedWorld(document: LabApiDocument, withDifferences: boolean): LabApiDocument {
  const close = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(close);
    if (!isObject(node)) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // Examples and defaults are data, not schemas.
      copy[key] =
        key === 'example' || key === 'examples' || key === 'default' ? value : close(value);
    }
    if (isObject(node.properties) && node.additionalProperties === undefined) {
      copy.additionalProperties = false;
    }
    return copy;
  };
  const closed = close(document) as LabApiDocument;
  // The deliberate differences are the team API's; other documents (management) have none.
  for (const difference of withDifferences ? DELIBERATE_DIFFERENCES : []) {
    if (difference.kind === 'enum-values') {
      const schema = closed.components.schemas[difference.schema];
      if (!schema || !Array.isArray(schema.enum)) {
        throw new Error(
          `A deliberate difference names ${difference.schema}, no enum of the document`,
        );
      }
      schema.enum = [...(schema.enum as unknown[]), ...difference.values];
    }
    if (difference.kind === 'extra-members') {
      const schema = closed.components.schemas[difference.schema];
      if (!schema || !isObject(schema.properties)) {
        throw new Error(
          `A deliberate difference names ${difference.schema}, no object of the document`,
        );
      }
      for (const [name, memberSchema] of Object.entries(difference.members)) {
        if (name in schema.properties) {
          throw new Error(`${difference.schema}.${name} is in the document: no difference`);
        }
        schema.properties[name] = memberSchema;
      }
    }
  }
  return closed;
}

export function createAjv(): Ajv2020 {
  // The document's OpenAPI keywords (example, deprecated, x-…) are annotations here.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // Formats pydantic writes that JSON Schema does not define.
  ajv.addFormat('uuid4', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
  ajv.addFormat('binary', true);
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  return ajv;
}

export interface Verdict {
  valid: boolean;
  errors: string[];
}

/**
 * Ajv reports every branch of a failed anyOf. Where some branch got past the value's own
 * type (its errors lie deeper), the "must be null" of the nullable branch and the anyOf
 * summary say nothing more, so they go.
 */
function prune(errors: readonly ErrorObject[]): ErrorObject[] {
  const isNull = (e: ErrorObject) =>
    e.keyword === 'type' && (e.params as { type?: string }).type === 'null';
  const explained = (path: string) =>
    errors.some(
      (e) =>
        (e.instancePath === path || e.instancePath.startsWith(`${path}/`)) &&
        e.keyword !== 'anyOf' &&
        !isNull(e),
    );
  return errors.filter((e) => !((e.keyword === 'anyOf' || isNull(e)) && explained(e.instancePath)));
}

export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return prune(errors ?? []).map((e) => {
    const where = e.instancePath || '(root)';
    const extra =
      e.keyword === 'additionalProperties'
        ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'`
        : e.keyword === 'enum'
          ? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues).slice(0, 120)}`
          : '';
    return `${where} ${e.message ?? e.keyword}${extra}`;
  });
}

/** Validators of the (closed-world) document, compiled once per schema location. */
export class DocumentValidator {
  private readonly ajv = createAjv();
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly document: LabApiDocument;

  /**
   * `closed` (the default) holds answers of the local Lab API to exactly the document's
   * members and the deliberate differences; `open` is the document as written, which
   * allows any extra member: what the real service may send, and its examples.
   */
  constructor(world: 'closed' | 'open' = 'closed', document: LabApiDocument = labApiDocument) {
    this.document =
      world === 'closed' ? closedWorld(document, document === labApiDocument) : document;
    this.ajv.addSchema(this.document, ID);
  }

  private at(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${ID}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  private run(pointer: string, value: unknown): Verdict {
    const validate = this.at(pointer);
    const valid = validate(value);
    return { valid, errors: valid ? [] : describeErrors(validate.errors) };
  }

  /** A schema of the suite's own, on the same Ajv (formats included). */
  compileStandalone(schema: JsonSchema): ValidateFunction {
    return this.ajv.compile(schema);
  }

  component(name: string, value: unknown): Verdict {
    if (!this.document.components.schemas[name])
      throw new Error(`No schema ${name} in the document`);
    return this.run(`/components/schemas/${pointerPart(name)}`, value);
  }

  /**
   * The raw Ajv errors of a value against a schema of the document (`{$ref}` to a
   * component, or an inline schema whose refs point into the document).
   */
  errorsFor(schema: JsonSchema, value: unknown): readonly ErrorObject[] {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${ID}#/components/`);
    let validate = this.compiled.get(text);
    if (!validate) {
      validate = this.ajv.compile(JSON.parse(text) as JsonSchema);
      this.compiled.set(text, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /** The schema the document gives a response, or undefined when it declares none for that status. */
  responseSchemaPointer(op: Operation, status: number, contentType: string): string | undefined {
    const content = op.responses[String(status)]?.content?.[contentType];
    if (!content?.schema) return undefined;
    return `/paths/${pointerPart(op.path)}/${op.method.toLowerCase()}/responses/${String(status)}/content/${pointerPart(contentType)}/schema`;
  }

  response(op: Operation, status: number, contentType: string, body: unknown): Verdict {
    const pointer = this.responseSchemaPointer(op, status, contentType);
    if (!pointer) {
      return { valid: false, errors: [`${op.key} declares no ${contentType} body for ${status}`] };
    }
    return this.run(pointer, body);
  }

  requestBody(op: Operation, contentType: string, body: unknown): Verdict {
    if (!op.requestBody?.content[contentType]?.schema) {
      return { valid: false, errors: [`${op.key} takes no ${contentType} body`] };
    }
    return this.run(
      `/paths/${pointerPart(op.path)}/${op.method.toLowerCase()}/requestBody/content/${pointerPart(contentType)}/schema`,
      body,
    );
  }
}
