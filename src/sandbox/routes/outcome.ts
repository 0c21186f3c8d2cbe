import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toValidationDetail, type ContractIssue, type ValidationDetailItem } from '../../contract';
import { claimKey, releaseKey, storeAnswer } from '../store/idempotency';
import type { RouteContext } from './context';

/** What a write answers: kept whole so an idempotency key can replay it. */
export interface Outcome {
  statusCode: number;
  body: unknown;
}

export const invalid = (detail: ValidationDetailItem[]): Outcome => ({
  statusCode: 422,
  body: { detail },
});

/** Rules the schema cannot judge alone (they need the store) read as the schema's 422. */
export function issuesOutcome(issues: readonly ContractIssue[]): Outcome {
  return invalid(
    issues.map((issue) => ({
      loc: ['body', ...issue.path],
      msg: issue.message,
      type: 'value_error',
    })),
  );
}

/**
 * A body checked with a contract schema: the same messages the form shows, in the
 * real 422 shape (loc starting at 'body').
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; value: z.output<S> } | { ok: false; outcome: Outcome } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    outcome: invalid(toValidationDetail(result.error, 'body', body ?? {}).detail),
  };
}

const KEY_MAX_LENGTH = 255;

/**
 * Facts §13: the first answer (status and body) is stored per X-Idempotency-Key, success
 * or failure, and repeats get it back; a validation failure stores nothing; a repeat
 * while the first is still running is refused with 409 and may be retried; with
 * `X-Idempotency-Error: no-cache` only successes are kept.
 */
export async function answerIdempotently(
  ctx: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  handle: () => Promise<Outcome>,
): Promise<FastifyReply> {
  const header = request.headers['x-idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key) {
    const outcome = await handle();
    return reply.code(outcome.statusCode).send(outcome.body);
  }
  if (key.length > KEY_MAX_LENGTH) {
    return reply.code(422).send({
      detail: [
        {
          loc: ['header', 'x-idempotency-key'],
          msg: `String should have at most ${KEY_MAX_LENGTH} characters`,
          type: 'string_too_long',
        },
      ],
    });
  }
  const errorHeader = request.headers['x-idempotency-error'];
  if (errorHeader !== undefined && errorHeader !== 'no-cache') {
    return reply.code(422).send({
      detail: [
        {
          loc: ['header', 'x-idempotency-error'],
          msg: "Input should be 'no-cache'",
          type: 'literal_error',
        },
      ],
    });
  }
  const cacheFailures = errorHeader !== 'no-cache';

  const claim = await claimKey(ctx.db, ctx.teamId, key, ctx.now());
  if (claim.kind === 'stored') {
    return reply.code(claim.statusCode).header('x-idempotent-replayed', 'true').send(claim.body);
  }
  if (claim.kind === 'running') {
    return reply.code(409).send({
      detail: 'A request with this idempotency key is still being processed; retry shortly',
    });
  }

  let outcome: Outcome;
  try {
    outcome = await handle();
  } catch (error) {
    await releaseKey(ctx.db, ctx.teamId, key);
    throw error;
  }
  const success = outcome.statusCode >= 200 && outcome.statusCode < 300;
  if (outcome.statusCode === 422 || (!success && !cacheFailures)) {
    await releaseKey(ctx.db, ctx.teamId, key);
  } else {
    await storeAnswer(ctx.db, ctx.teamId, key, outcome.statusCode, outcome.body);
  }
  return reply.code(outcome.statusCode).send(outcome.body);
}
