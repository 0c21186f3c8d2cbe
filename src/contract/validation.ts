import type { z } from 'zod';
import type { ValidationError } from './errors';
import { MESSAGES } from './messages';

/** One pydantic-style 422 item, as the Lab API sends it. */
export interface ValidationDetailItem {
  loc: (string | number)[];
  msg: string;
  type: string;
  ctx?: Record<string, unknown>;
}

type Issue = z.core.$ZodIssue;
type Path = (string | number)[];

function toPath(path: readonly PropertyKey[]): Path {
  return path.map((key) => (typeof key === 'symbol' ? String(key) : key));
}

/** Whether the value at `path` of `input` is absent (undefined, or a missing key). */
function isMissingIn(input: unknown, path: Path): boolean {
  let value: unknown = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return value === undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value === undefined;
}

function isMissing(issue: Issue, input: unknown, hasInput: boolean): boolean {
  if (issue.code !== 'invalid_type') return false;
  if (hasInput) return isMissingIn(input, toPath(issue.path));
  if ('input' in issue) return issue.input === undefined;
  return issue.message === MESSAGES.required || issue.message.endsWith('received undefined');
}

const TYPE_BY_EXPECTED: Record<string, string> = {
  string: 'string_type',
  number: 'float_type',
  int: 'int_type',
  boolean: 'bool_type',
  array: 'list_type',
  object: 'model_attributes_type',
};

const TYPE_BY_FORMAT: Record<string, string> = {
  regex: 'string_pattern_mismatch',
  uuid: 'uuid_parsing',
  guid: 'uuid_parsing',
  date: 'date_from_datetime_parsing',
  datetime: 'datetime_from_date_parsing',
};

function typeAndCtx(issue: Issue): Pick<ValidationDetailItem, 'type' | 'ctx'> {
  switch (issue.code) {
    case 'invalid_type':
      return { type: TYPE_BY_EXPECTED[issue.expected] ?? `${issue.expected}_type` };
    case 'too_big':
      if (issue.origin === 'string') {
        return { type: 'string_too_long', ctx: { max_length: Number(issue.maximum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { type: 'too_long', ctx: { max_length: Number(issue.maximum) } };
      }
      return { type: 'less_than_equal', ctx: { le: Number(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string') {
        return { type: 'string_too_short', ctx: { min_length: Number(issue.minimum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { type: 'too_short', ctx: { min_length: Number(issue.minimum) } };
      }
      return { type: 'greater_than_equal', ctx: { ge: Number(issue.minimum) } };
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? { type: 'string_pattern_mismatch', ctx: { pattern: issue.pattern } }
        : { type: TYPE_BY_FORMAT[issue.format] ?? 'value_error' };
    case 'invalid_value':
      return issue.values.length === 1
        ? { type: 'literal_error' }
        : { type: 'enum', ctx: { expected: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { type: 'extra_forbidden' };
    default:
      return { type: 'value_error' };
  }
}

/**
 * A zod error as the Lab API's 422 body: `{detail: [{loc, msg, type}]}`, each `loc`
 * starting with where the value came from. Pass the parsed `input` when at hand so a
 * missing field reads `type: 'missing'` without guessing.
 */
export function toValidationDetail(
  error: z.ZodError,
  prefix: 'body' | 'query',
  input?: unknown,
): { detail: ValidationDetailItem[] } {
  const hasInput = input !== undefined;
  const detail = error.issues.flatMap((issue): ValidationDetailItem[] => {
    const path = toPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        loc: [prefix, ...path, key],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      }));
    }
    const missing = isMissing(issue, input, hasInput);
    return [
      {
        loc: [prefix, ...path],
        msg: issue.message,
        ...(missing ? { type: 'missing' } : typeAndCtx(issue)),
      },
    ];
  });
  return { detail };
}

/**
 * A 422 `detail` as messages by field, for a form: keys are dotted paths without the
 * leading `body` (`patient_address.zip`, `consents.0.consentType`); a whole-body
 * problem or a plain-text detail goes under `''`. The first message of a field wins.
 */
export function issuesByField(
  detail:
    | NonNullable<ValidationError['detail']>
    | readonly { loc: readonly (string | number)[]; msg: string }[]
    | string,
): Record<string, string> {
  if (typeof detail === 'string') return { '': detail };
  const byField: Record<string, string> = {};
  for (const item of detail) {
    const loc = item.loc[0] === 'body' ? item.loc.slice(1) : item.loc;
    const key = loc.join('.');
    byField[key] ??= item.msg;
  }
  return byField;
}
