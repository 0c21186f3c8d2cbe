import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  GROUPED_TIMESERIES_RESOURCE_SLUGS,
  timeseriesQuerySchema,
} from '../../contract/timeseries';
import { RequestValidationError, parseRequestPart } from '../http/validation';
import { streamsFor } from '../seed/wearables';
import { decodeCursor, timeseriesPage } from '../store/timeseries';
import type { RouteContext } from './context';

export interface TimeseriesRouteOptions extends RouteContext {
  /** Samples per page (all groups together). */
  pageSize: number;
}

/** About 1 MB of JSON a page (10,000 samples of ~100 bytes): a year of minute heart rate is 53 pages. */
export const DEFAULT_TIMESERIES_PAGE_SIZE = 10_000;

const pathSchema = z.object({
  user_id: z.guid(),
  resource: z.enum(GROUPED_TIMESERIES_RESOURCE_SLUGS),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date without time is the start (00:00:00) or the end (the whole of 23:59:59) of that UTC day. */
function instant(value: string, edge: 'start' | 'end'): number {
  if (!DATE_ONLY.test(value)) return Date.parse(value);
  const midnight = Date.parse(`${value}T00:00:00Z`);
  return edge === 'start' ? midnight : midnight + 86_400_000 - 1;
}

export const timeseriesRoutes: FastifyPluginCallback<TimeseriesRouteOptions> = (app, ctx, done) => {
  app.get('/v2/timeseries/:user_id/:resource/grouped', async (request, reply) => {
    const { user_id, resource } = parseRequestPart(pathSchema, request.params, 'path');
    const query = parseRequestPart(timeseriesQuerySchema, request.query, 'query');
    const user = await ctx.db
      .selectFrom('lab_user')
      .select('id')
      .where('id', '=', user_id)
      .where('team_id', '=', ctx.teamId)
      .executeTakeFirst();
    if (!user) return reply.code(404).send({ detail: 'User not found' });

    const cursorText = query.next_cursor ?? query.cursor;
    const cursor = cursorText ? decodeCursor(cursorText) : null;
    if (cursorText && !cursor) {
      throw new RequestValidationError([
        {
          type: 'value_error',
          loc: ['query', query.next_cursor ? 'next_cursor' : 'cursor'],
          msg: 'Value error, invalid cursor',
          input: cursorText,
        },
      ]);
    }
    const now = ctx.now();
    return timeseriesPage(streamsFor(user_id, resource, now), {
      from: instant(query.start_date, 'start'),
      to: query.end_date ? instant(query.end_date, 'end') : now.getTime(),
      provider: query.provider,
      cursor,
      pageSize: ctx.pageSize,
    });
  });
  done();
};
