import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  CATALOGUE_MESSAGES,
  MESSAGES,
  NOT_FOUND_DETAIL,
  createLabTestRequestSchema,
  labTestPageQuerySchema,
  markerPageQuerySchema,
  orderSetSchema,
  updateLabTestRequestSchema,
} from '../../contract';
import { parseRequestPart } from '../http/validation';
import { listLabAccounts } from '../store/labAccounts';
import {
  decodeCursor,
  findLabTestPage,
  findTeamLabTest,
  insertCustomPanel,
  labTestMarkerIds,
  listLabs,
  markerDocuments,
  markersPage,
  updateLabTest,
} from '../store/labTestCatalogue';
import { findMarkers } from '../store/orderWrites';
import type { RouteContext } from './context';
import { issuesOutcome, parseBody } from './outcome';

const LAB_TEST_NOT_FOUND = 'Lab test not found';
const labTestPath = z.object({ lab_test_id: z.guid() });
const markerPath = z.object({ lab_id: z.coerce.number().int(), provider_id: z.string().min(1) });

/** The team's catalogue: `GET /v3/lab_test`, markers, labs, and custom panels. */
export const labTestCatalogueRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  const labOfAccount = async (accountId: string | null | undefined) => {
    if (!accountId) return { found: true as const, lab: undefined };
    const [account] = await listLabAccounts(ctx.db, ctx.teamId, { lab_account_id: accountId });
    return account ? { found: true as const, lab: String(account.lab) } : { found: false as const };
  };

  app.get('/v3/lab_test', async (request, reply) => {
    const query = parseRequestPart(labTestPageQuerySchema, request.query, 'query');
    const offset = decodeCursor(query.next_cursor);
    if (offset === null) return reply.code(400).send({ detail: 'Invalid next_cursor' });
    const account = await labOfAccount(query.lab_account_id);
    if (!account.found) return reply.code(404).send({ detail: NOT_FOUND_DETAIL.labAccount });
    if (account.lab && query.lab_slug && account.lab !== query.lab_slug) {
      return { data: [], next_cursor: null };
    }
    return findLabTestPage(ctx.db, ctx.teamId, {
      limit: query.lab_test_limit,
      offset,
      generation: query.generation_method,
      lab_slug: account.lab ?? query.lab_slug,
      collection_method: query.collection_method,
      status: query.status,
      name: query.name,
    });
  });

  app.get('/v3/lab_tests/labs', async () => listLabs(ctx.db));

  const labTestQuery = z.object({ lab_account_id: z.guid().nullish() });

  // A lab account narrows what is available to its lab: another lab's test is not found there.
  app.get('/v3/lab_tests/:lab_test_id', async (request, reply) => {
    const { lab_test_id } = parseRequestPart(labTestPath, request.params, 'path');
    const query = parseRequestPart(labTestQuery, request.query, 'query');
    const account = await labOfAccount(query.lab_account_id);
    if (!account.found) return reply.code(404).send({ detail: NOT_FOUND_DETAIL.labAccount });
    const test = await findTeamLabTest(ctx.db, ctx.teamId, lab_test_id);
    const lab = test?.response.lab?.slug;
    if (!test || (account.lab && lab !== account.lab)) {
      return reply.code(404).send({ detail: LAB_TEST_NOT_FOUND });
    }
    return test.response;
  });

  app.get('/v3/lab_tests/:lab_test_id/markers', async (request, reply) => {
    const { lab_test_id } = parseRequestPart(labTestPath, request.params, 'path');
    const query = parseRequestPart(markerPageQuerySchema, request.query, 'query');
    const test = await findTeamLabTest(ctx.db, ctx.teamId, lab_test_id);
    if (!test) return reply.code(404).send({ detail: LAB_TEST_NOT_FOUND });
    const markers = await markerDocuments(ctx.db, await labTestMarkerIds(ctx.db, [test.row.id]));
    return markersPage(markers, query.page, query.size);
  });

  app.get('/v3/lab_tests/:lab_id/markers/:provider_id', async (request, reply) => {
    const { lab_id, provider_id } = parseRequestPart(markerPath, request.params, 'path');
    const [marker] = (await findMarkers(ctx.db, { providerIds: [provider_id] })).filter(
      (m) => m.lab_id === lab_id,
    );
    if (!marker) return reply.code(404).send({ detail: 'Marker not found' });
    // ClientFacingMarker: the expected results belong to the listings only.
    return Object.fromEntries(
      Object.entries(marker.document).filter(([key]) => key !== 'expected_results'),
    );
  });

  app.post('/v3/lab_tests/list_order_set_markers', async (request, reply) => {
    const query = parseRequestPart(markerPageQuerySchema, request.query, 'query');
    const parsed = parseBody(orderSetSchema, request.body);
    if (!parsed.ok) return reply.code(parsed.outcome.statusCode).send(parsed.outcome.body);
    const set = parsed.value;
    const testIds = set.lab_test_ids ?? [];
    for (const id of testIds) {
      if (!(await findTeamLabTest(ctx.db, ctx.teamId, id))) {
        return reply.code(404).send({ detail: LAB_TEST_NOT_FOUND });
      }
    }
    const addOn = set.add_on;
    const addOnMarkers = addOn
      ? addOn.marker_ids?.length
        ? await findMarkers(ctx.db, { ids: addOn.marker_ids })
        : await findMarkers(ctx.db, { providerIds: addOn.provider_ids ?? [] })
      : [];
    const ids = [
      ...(await labTestMarkerIds(
        ctx.db,
        testIds.map((id) => id.toLowerCase()),
      )),
      ...addOnMarkers.map((m) => m.id),
    ];
    return markersPage(await markerDocuments(ctx.db, ids), query.page, query.size);
  });

  app.post('/v3/lab_tests', async (request, reply) => {
    const parsed = parseBody(createLabTestRequestSchema, request.body);
    if (!parsed.ok) return reply.code(parsed.outcome.statusCode).send(parsed.outcome.body);
    const body = parsed.value;
    const markers = body.marker_ids?.length
      ? await findMarkers(ctx.db, { ids: body.marker_ids })
      : await findMarkers(ctx.db, { providerIds: body.provider_ids ?? [] });
    const asked = body.marker_ids?.length
      ? body.marker_ids.length
      : (body.provider_ids?.length ?? 0);
    const field = body.marker_ids?.length ? 'marker_ids' : 'provider_ids';
    const refuse = (message: string, path: (string | number)[] = [field]) => {
      const outcome = issuesOutcome([{ path, message }]);
      return reply.code(outcome.statusCode).send(outcome.body);
    };
    if (
      markers.length <
        new Set<unknown>(body.marker_ids?.length ? body.marker_ids : (body.provider_ids ?? []))
          .size ||
      asked === 0
    ) {
      return refuse(MESSAGES.markerNotFound);
    }
    const labs = new Set(markers.map((m) => m.labSlug));
    if (labs.size > 1) return refuse(CATALOGUE_MESSAGES.oneLab);
    const account = await labOfAccount(body.lab_account_id);
    if (!account.found) return refuse(MESSAGES.labAccountNotFound, ['lab_account_id']);
    const [lab] = labs;
    if ((account.lab && account.lab !== lab) || (body.lab_slug && body.lab_slug !== lab)) {
      return refuse(MESSAGES.labAccountLabMismatch, ['lab_account_id']);
    }
    const id = await insertCustomPanel(ctx.db, {
      teamId: ctx.teamId,
      name: body.name,
      description: body.description,
      method: body.method,
      fasting: body.fasting ?? false,
      labId: markers[0]?.lab_id ?? 0,
      markerIds: markers.map((m) => m.id),
      now: ctx.now().toISOString(),
    });
    return (await findTeamLabTest(ctx.db, ctx.teamId, id))?.response;
  });

  app.patch('/v3/lab_tests/:lab_test_id', async (request, reply) => {
    const { lab_test_id } = parseRequestPart(labTestPath, request.params, 'path');
    const parsed = parseBody(updateLabTestRequestSchema, request.body);
    if (!parsed.ok) return reply.code(parsed.outcome.statusCode).send(parsed.outcome.body);
    const test = await findTeamLabTest(ctx.db, ctx.teamId, lab_test_id);
    if (!test) return reply.code(404).send({ detail: LAB_TEST_NOT_FOUND });
    // Order sets made for one order are the service's, not the team's to rename.
    if (test.response.auto_generated === true) {
      return reply.code(400).send({ detail: CATALOGUE_MESSAGES.onlyCustom });
    }
    await updateLabTest(ctx.db, test.row.id, test.row.document, parsed.value);
    return (await findTeamLabTest(ctx.db, ctx.teamId, test.row.id))?.response;
  });

  done();
};
