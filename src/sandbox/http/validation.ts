import type { z } from 'zod';
import type { ValidationIssue } from '../../contract';

/*
 * The real service is FastAPI on pydantic v2 (docs/lab-api-facts.md §1, §2): a bad request answers
 * 422 `{detail: [{loc, msg, type, input, ctx}]}` with `loc` starting at the part of the
 * request ('query', 'path', 'body'). Requests are checked with the contract's zod
 * schemas, so zod's issues are translated into pydantic's types and wording here.
 */

export type RequestPart = 'query' | 'path' | 'body';

export class RequestValidationError extends Error {
  constructor(readonly detail: ValidationIssue[]) {
    super('request validation failed');
  }
}

type ZodIssue = z.core.$ZodIssue;

const quoteList = (values: readonly unknown[]) => {
  const quoted = values.map((v) => `'${String(v)}'`);
  return quoted.length > 1
    ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`
    : (quoted[0] ?? '');
};

/** The first issue of each branch of a union, flattened: what each alternative wanted. */
function branchIssues(issue: ZodIssue & { code: 'invalid_union' }): ZodIssue[] {
  return issue.errors.flatMap((branch) => branch.slice(0, 1));
}

function translate(issue: ZodIssue): Pick<ValidationIssue, 'msg' | 'type' | 'ctx'> {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
      if (issue.expected === 'number' || issue.expected === 'int') {
        return {
          type: 'int_parsing',
          msg: 'Input should be a valid integer, unable to parse string as an integer',
        };
      }
      if (issue.expected === 'boolean') {
        return {
          type: 'bool_parsing',
          msg: 'Input should be a valid boolean, unable to interpret input',
        };
      }
      if (issue.expected === 'array')
        return { type: 'list_type', msg: 'Input should be a valid list' };
      return { type: `${issue.expected}_type`, msg: `Input should be a valid ${issue.expected}` };
    case 'too_big':
      if (issue.origin === 'string') {
        return {
          type: 'string_too_long',
          msg: `String should have at most ${String(issue.maximum)} characters`,
          ctx: { max_length: issue.maximum },
        };
      }
      return {
        type: 'less_than_equal',
        msg: `Input should be less than or equal to ${String(issue.maximum)}`,
        ctx: { le: issue.maximum },
      };
    case 'too_small':
      if (issue.origin === 'string') {
        return {
          type: 'string_too_short',
          msg: `String should have at least ${String(issue.minimum)} characters`,
          ctx: { min_length: issue.minimum },
        };
      }
      return {
        type: 'greater_than_equal',
        msg: `Input should be greater than or equal to ${String(issue.minimum)}`,
        ctx: { ge: issue.minimum },
      };
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') {
        return { type: 'uuid_parsing', msg: 'Input should be a valid UUID' };
      }
      if (issue.format === 'date')
        return { type: 'date_parsing', msg: 'Input should be a valid date' };
      if (issue.format === 'datetime') {
        return { type: 'datetime_parsing', msg: 'Input should be a valid datetime' };
      }
      return { type: 'string_pattern_mismatch', msg: `String should match ${issue.format}` };
    case 'invalid_value': {
      const expected = quoteList(issue.values);
      return { type: 'enum', msg: `Input should be ${expected}`, ctx: { expected } };
    }
    case 'invalid_union': {
      // A missing date-or-date-time parameter fails every branch; pydantic says it is missing.
      if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
      const branches = branchIssues(issue);
      // An enum plus extra literals (interpretation accepts 'null') reads as one enum.
      const values = branches.flatMap((b) => (b.code === 'invalid_value' ? [b.values] : []));
      if (branches.length > 0 && values.length === branches.length) {
        const expected = quoteList(values.flat());
        return { type: 'enum', msg: `Input should be ${expected}`, ctx: { expected } };
      }
      // Date or date-time parameters (start_date and the like).
      if (branches.length > 0 && branches.every((b) => b.code === 'invalid_format')) {
        return {
          type: 'datetime_from_date_parsing',
          msg: 'Input should be a valid date or datetime',
        };
      }
      return { type: 'value_error', msg: `Value error, ${issue.message}` };
    }
    default:
      return { type: 'value_error', msg: `Value error, ${issue.message}` };
  }
}

export function toValidationIssues(
  part: RequestPart,
  issues: readonly ZodIssue[],
): ValidationIssue[] {
  return issues.map((issue) => {
    const { msg, type, ctx } = translate(issue);
    return {
      type,
      loc: [part, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
      msg,
      input: issue.input ?? null,
      ...(ctx ? { ctx } : {}),
    };
  });
}

/** Parses one part of a request, or throws the 422 the real service would answer. */
export function parseRequestPart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: RequestPart,
): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success)
    throw new RequestValidationError(toValidationIssues(part, result.error.issues));
  return result.data;
}
