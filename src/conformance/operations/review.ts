import {
  acceptUnmatchedResultSchema,
  resolveUnmatchedResultSchema,
} from '../../contract/unmatchedResults';
import { UNKNOWN_ID, UNKNOWN_MEMBER, withUnknownMember } from '../fixtures';
import type { ConformanceContext, OperationCheck } from '../table';

/* Unmatched results (closed beta): the queue, one result, accept and resolve. */

interface Listed {
  id: string;
  decision_code: string;
  allowed_actions?: string[];
  candidate_groups?: { user_id: string | null; candidates: { order_id: string | null }[] }[];
}

interface Paged {
  next_cursor?: string | null;
}

async function queue(ctx: ConformanceContext, query = ''): Promise<Listed[]> {
  const url = `/v3/unmatched_result?limit=100${query}`;
  const { body } = await ctx.api.call<{ data?: Listed[] }>('GET', url, { expect: 200 });
  return body.data ?? [];
}

/** A reviewable result no other case has taken, with a candidate order if asked. */
async function reviewable(ctx: ConformanceContext, withCandidate: boolean): Promise<Listed> {
  const found = (await queue(ctx)).find(
    (r) =>
      !ctx.taken.has(r.id) &&
      (r.allowed_actions ?? []).length > 0 &&
      (!withCandidate ||
        (r.candidate_groups ?? []).some((g) => g.candidates.some((c) => c.order_id))),
  );
  if (!found) throw new Error('no reviewable unmatched result left');
  ctx.taken.add(found.id);
  return found;
}

export const REVIEW: OperationCheck[] = [
  {
    operation: 'GET /v3/unmatched_result',
    cases: [
      {
        name: 'the queue, every status, and its filters',
        async run(ctx) {
          await queue(ctx);
          await ctx.api.call('GET', '/v3/unmatched_result', { expect: 200 });
          for (const status of ['pending_ops_review', 'resolved'])
            await queue(ctx, `&status=${status}`);
          await queue(ctx, '&decision_code=multiple_demo_match&lab_slug=quest');
          await queue(ctx, '&created_at_start=2026-02-20&created_at_end=2026-03-01&search_input=a');
        },
      },
      {
        name: 'cursor pages',
        async run({ api }) {
          let url = '/v3/unmatched_result?limit=3';
          for (let page = 0; page < 10; page++) {
            const { body } = await api.call<Paged>('GET', url, { expect: 200 });
            if (!body.next_cursor) return;
            url = `/v3/unmatched_result?limit=3&next_cursor=${encodeURIComponent(body.next_cursor)}`;
          }
          throw new Error('the cursor never ended');
        },
      },
    ],
  },
  {
    operation: 'GET /v3/unmatched_result/{raw_result_id}',
    cases: [
      {
        name: 'every seeded result, whatever its status',
        async run(ctx) {
          const all = [
            ...(await queue(ctx)),
            ...(await queue(ctx, '&status=pending_ops_review')),
            ...(await queue(ctx, '&status=resolved')),
          ];
          for (const item of all) {
            await ctx.api.call('GET', `/v3/unmatched_result/${item.id}`, { expect: 200 });
          }
        },
      },
      {
        name: 'an unknown result is a 404',
        async run({ api }) {
          await api.call('GET', `/v3/unmatched_result/${UNKNOWN_ID}`, { expect: 404 });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/unmatched_result/{raw_result_id}/accept',
    cases: [
      {
        name: 'a candidate order accepted, as the review screen sends it',
        async run(ctx) {
          const item = await reviewable(ctx, true);
          const group = (item.candidate_groups ?? []).find((g) =>
            g.candidates.some((c) => c.order_id),
          );
          const orderId = group?.candidates.find((c) => c.order_id)?.order_id ?? undefined;
          await ctx.api.call('POST', `/v3/unmatched_result/${item.id}/accept`, {
            json: acceptUnmatchedResultSchema.parse({
              order_id: orderId,
              note: 'Same patient, new sample.',
            }),
            expect: 200,
          });
        },
      },
      {
        name: 'a patient accepted with null order and note and an unknown member',
        async run(ctx) {
          const item = await reviewable(ctx, true);
          const userId = (item.candidate_groups ?? []).find((g) => g.user_id)?.user_id;
          await ctx.api.call('POST', `/v3/unmatched_result/${item.id}/accept`, {
            json: withUnknownMember({ user_id: userId, order_id: null, note: null }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
    ],
  },
  {
    operation: 'POST /v3/unmatched_result/{raw_result_id}/resolve',
    cases: [
      {
        name: 'rejected, and escalated with a null note and an unknown member',
        async run(ctx) {
          const first = await reviewable(ctx, false);
          await ctx.api.call('POST', `/v3/unmatched_result/${first.id}/resolve`, {
            json: resolveUnmatchedResultSchema.parse({
              action: 'reject',
              note: 'Not our patient.',
            }),
            expect: 200,
          });
          const second = await reviewable(ctx, false);
          await ctx.api.call('POST', `/v3/unmatched_result/${second.id}/resolve`, {
            json: withUnknownMember({ action: 'unsure', note: null }),
            unknownMembers: [UNKNOWN_MEMBER],
            expect: 200,
          });
        },
      },
      {
        name: 'an action outside the enum is a 422',
        async run(ctx) {
          const item = await reviewable(ctx, false);
          await ctx.api.call('POST', `/v3/unmatched_result/${item.id}/resolve`, {
            json: { action: 'accept' },
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
];
