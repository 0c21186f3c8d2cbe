import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PATIENT_NAMES_MAX,
  PATIENT_NAMES_PATH,
  PATIENT_SEARCH_PATH,
  ordersPageSchema,
  searchInputFor,
  userInfoSchema,
  userSchema,
  type PatientName,
  type PatientSearchHit,
} from '../../contract';
import { sendProblem } from '../platform/http/problem';
import { callLabApi } from '../platform/labApi/answer';
import type { LabApiClient } from '../platform/labApi/upstream';
import type { Store } from '../platform/database/database';

const namesQuerySchema = z.object({
  user_id: z.union([z.uuid(), z.array(z.uuid()).max(PATIENT_NAMES_MAX)]),
});
const searchQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
/** What `GET /v2/user/resolve/{client_user_id}` can take as one path segment. */
const CLIENT_USER_ID = /^[A-Za-z0-9_.-]{1,100}$/;
/** Lab API calls made at once for one page of names. */
const CONCURRENCY = 8;
const INFO_CALL = 'GET /v2/user/{user_id}/info/latest';

/** The distinct user ids a names call asks for; none when the query is not valid. */
function namesAsked(request: FastifyRequest): string[] {
  const parsed = namesQuerySchema.safeParse(request.query);
  if (!parsed.success) return [];
  return [...new Set([parsed.data.user_id].flat().map((id) => id.toLowerCase()))];
}

/**
 * The console's patient directory, beside the proxy: the Lab API's users carry no names
 * and it searches users by nothing, so people would see ids. This asks the documented
 * calls (demographics per user, the orders' search, client user id resolution) and
 * answers what a person needs: names and dates of birth. A patient without demographics
 * (a 404 upstream) is left out rather than shown as an error.
 */
export function patientDirectoryRoutes(
  fastify: FastifyInstance,
  opts: { store: Store; client: LabApiClient },
) {
  const getJson = async (pathAndQuery: string) => {
    const answer = await callLabApi(
      opts.client,
      { method: 'GET', pathAndQuery, headers: { accept: 'application/json' } },
      'json',
    );
    if (!answer.ok || !answer.body) return { status: answer.status, body: null };
    return { status: answer.status, body: JSON.parse(answer.body.toString('utf8')) as unknown };
  };

  const nameOf = async (request: FastifyRequest, userId: string): Promise<PatientName | null> => {
    const { status, body } = await getJson(`/v2/user/${userId}/info/latest`);
    await request.auditRow({
      action: INFO_CALL,
      recordType: 'patient_demographics',
      recordId: userId,
      patientId: userId,
      outcome: status,
    });
    const info = userInfoSchema.safeParse(body);
    if (status !== 200 || !info.success) return null;
    const { first_name, last_name, dob } = info.data;
    return { user_id: userId, first_name, last_name, dob: dob.slice(0, 10) };
  };

  fastify.get(
    PATIENT_NAMES_PATH,
    {
      config: {
        access: 'patients.read',
        // One row per patient named, with what the Lab API answered for that patient.
        audit: { recordType: 'patient_demographics', action: INFO_CALL, recordId: namesAsked },
      },
    },
    async (request, reply) => {
      const parsed = namesQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        return sendProblem(reply, 400, 'Bad request', `Name up to ${PATIENT_NAMES_MAX} user ids.`);
      }
      const ids = namesAsked(request);
      const patients: PatientName[] = [];
      for (let at = 0; at < ids.length; at += CONCURRENCY) {
        const names = await Promise.all(
          ids.slice(at, at + CONCURRENCY).map((id) => nameOf(request, id)),
        );
        for (const name of names) if (name) patients.push(name);
      }
      reply.header('cache-control', 'no-store');
      return { patients };
    },
  );

  fastify.get(
    PATIENT_SEARCH_PATH,
    {
      config: {
        access: ['patients.read', 'orders.read'],
        // The search's own row, then one per patient whose demographics were read.
        audit: { recordType: 'patient_list' },
      },
    },
    async (request, reply) => {
      const parsed = searchQuerySchema.safeParse(request.query);
      if (!parsed.success)
        return sendProblem(reply, 400, 'Bad request', 'Type what to search for.');
      await request.auditRow({ outcome: 200 });
      const { q } = parsed.data;
      const hits = new Map<string, PatientSearchHit>();

      // The team's own id for the patient, exactly as typed.
      if (CLIENT_USER_ID.test(q)) {
        const { status, body } = await getJson(`/v2/user/resolve/${encodeURIComponent(q)}`);
        const user = userSchema.safeParse(body);
        if (status === 200 && user.success) {
          const name = await nameOf(request, user.data.user_id);
          hits.set(user.data.user_id, {
            user_id: user.data.user_id,
            client_user_id: user.data.client_user_id,
            first_name: name?.first_name ?? null,
            last_name: name?.last_name ?? null,
            dob: name?.dob ?? null,
            found_by: 'client_user_id',
          });
        }
      }

      // Names and dates of birth: the orders' search covers them, the users' does not. Any
      // order that carries the patient's details names them: the newest may be a test kit
      // not yet registered, which carries none.
      const search = new URLSearchParams({
        search_input: searchInputFor(q),
        size: '100',
      }).toString();
      const { status, body } = await getJson(`/v3/orders?${search}`);
      const page = ordersPageSchema.safeParse(body);
      if (status === 200 && page.success) {
        for (const order of page.data.orders) {
          const known = hits.get(order.user_id);
          if (known && known.last_name !== null) continue;
          const details = order.patient_details;
          hits.set(order.user_id, {
            user_id: order.user_id,
            client_user_id: known?.client_user_id ?? null,
            first_name: details?.first_name ?? null,
            last_name: details?.last_name ?? null,
            dob: details ? details.dob.slice(0, 10) : null,
            found_by: known?.found_by ?? 'order',
          });
        }
      } else if (hits.size === 0) {
        return sendProblem(reply, 502, 'Lab API error', 'The Lab API could not search orders.');
      }
      // Found only by orders without details (a kit found by its recipient): their
      // demographics, kept from an order or a registration outside this page, name them.
      const unnamed = [...hits.values()].filter((hit) => hit.last_name === null);
      for (let at = 0; at < unnamed.length; at += CONCURRENCY) {
        await Promise.all(
          unnamed.slice(at, at + CONCURRENCY).map(async (hit) => {
            const name = await nameOf(request, hit.user_id);
            if (name) hits.set(hit.user_id, { ...hit, ...name });
          }),
        );
      }
      reply.header('cache-control', 'no-store');
      return { patients: [...hits.values()] };
    },
  );
}
