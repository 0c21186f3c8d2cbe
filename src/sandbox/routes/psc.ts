import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import {
  APPOINTMENT_BOOKABLE_STATUSES,
  bookAppointmentSchema,
  rescheduleAppointmentSchema,
} from '../../contract/appointments';
import {
  CENTRAL_LABS,
  MAX_SITE_CODES,
  areaInfoQuerySchema,
  cancelPscAppointmentSchema,
  orderPscInfoQuerySchema,
  pscAvailabilityQuerySchema,
  pscInfoQuerySchema,
} from '../../contract/psc';
import { parseRequestPart } from '../http/validation';
import { timeSlot } from '../lifecycle/appointments';
import { SERVED_ZIPS } from '../lifecycle/phlebotomy';
import {
  PSC_CANCELLATION_REASONS,
  SITE_CODE_FORMAT,
  availabilityDates,
  booksViaApi,
  centreAddress,
  centreBySite,
  centreDate,
  centreSlotStarts,
  centresNear,
  decodePscBookingKey,
  encodePscBookingKey,
  labLocation,
  slotEnd,
} from '../lifecycle/psc';
import type { SeedCentre } from '../seed/serviceCentres';
import type { SandboxDb } from '../store/database';
import { loadOrder, type StoredOrder } from '../store/lifecycle';
import {
  NOT_FOUND,
  answerChange,
  answerLatestAppointment,
  cancelLatest,
  isLive,
  keepNewAppointment,
  latestAppointment,
  newAppointmentOf,
  orderPathSchema,
  refuse,
  rescheduleLatest,
  type AppointmentDocument,
  type AppointmentOutcome,
} from './appointments';
import type { TrackingContext } from './tracking';

/*
 * Walk-in tests at patient service centres (docs/lab-api-facts.md §8; README "Walk-in appointments").
 * Centres are fixed data (`seed/serviceCentres.ts`); appointments are stored apart from
 * phlebotomy ones, so cancelling the order leaves them booked (docs/lab-api-facts.md §4).
 */

export interface PscContext extends TrackingContext {
  /** The team's PSC scheduling opt-in: off answers 503 (docs/lab-api-facts.md §2). */
  schedulingEnabled: () => boolean;
}

const TABLE = 'psc_appointment';
const NO_SLOTS =
  'No slots found. Not all PSCs support scheduling appointments and some included in your query were filtered out because of this. Please try again with different site codes or a different zip code, or see the PSC info endpoints to see which locations support scheduling.';
const NOT_ENABLED = 'Patient service centre scheduling is not enabled for this team.';
/** Booking keys are kept this long (docs/lab-api-facts.md §13: closed beta, 14 days). */
const BOOKING_KEY_RETENTION_MS = 14 * 24 * 3_600_000;

/** Starts at a centre taken by a live appointment (other than `except`). */
async function takenStarts(db: SandboxDb, siteCodes: string[], except?: string) {
  if (siteCodes.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('psc_appointment')
    .select(['id', 'site_code', 'start_at'])
    .where('site_code', 'in', siteCodes)
    .where('status', 'not in', ['cancelled', 'completed'])
    .execute();
  return new Set(rows.filter((r) => r.id !== except).map((r) => `${r.site_code}|${r.start_at}`));
}

/** The lab of the order's lab test: its id and slug. */
async function orderLab(db: SandboxDb, stored: StoredOrder) {
  return db
    .selectFrom('lab_test')
    .innerJoin('lab', 'lab.id', 'lab_test.lab_id')
    .select(['lab.id', 'lab.slug'])
    .where('lab_test.id', '=', stored.record.labTestId)
    .executeTakeFirst();
}

/** The slot a key names, checked against the centres and the clock; a refusal otherwise. */
function checkSlot(bookingKey: string, now: Date) {
  const slot = decodePscBookingKey(bookingKey);
  if (!slot) return { refusal: refuse(400, 'Invalid booking key format.') };
  const centre = centreBySite(slot.site);
  if (!centre || !booksViaApi(centre))
    return { refusal: refuse(400, `Unknown or inactive site code ${slot.site}.`) };
  if (Date.parse(slot.start) <= now.getTime())
    return { refusal: refuse(400, 'This slot has already started: choose a later one.') };
  // A key names a slot this service offered: one inside the centre's opening hours.
  const offered = centreSlotStarts(centre, centreDate(centre, new Date(slot.start)), now);
  if (!offered.some((start) => start.toISOString() === slot.start))
    return { refusal: refuse(400, 'The centre is closed at that time: choose an offered slot.') };
  return { slot, centre };
}

function locationOf(centre: SeedCentre, distance: number | null) {
  return {
    location: centre.location,
    distance,
    address: centreAddress(centre),
    code: centre.siteCode,
    name: centre.name,
    iana_timezone: centre.timeZone,
  };
}

export const pscRoutes: FastifyPluginCallback<PscContext> = (app, ctx, done) => {
  app.get('/v3/order/area/info', async (request) => {
    const query = parseRequestPart(areaInfoQuerySchema, request.query, 'query');
    const radius = Number(query.radius);
    const served = SERVED_ZIPS[query.zip_code];
    const wanted = query.labs ?? (query.lab ? [query.lab] : [...CENTRAL_LABS]);
    const labs = await ctx.db.selectFrom('lab').select(['id', 'slug']).execute();
    const centralLabs: Record<string, unknown> = {};
    for (const lab of labs) {
      if (!(wanted as readonly string[]).includes(lab.slug)) continue;
      const near = centresNear(query.zip_code, radius, lab.id).map((c) => c.centre);
      centralLabs[lab.slug] = {
        patient_service_centers: {
          appointment_with_vital: near.some(booksViaApi),
          within_radius: near.length,
          radius: query.radius,
          capabilities: [...new Set(near.flatMap((c) => c.capabilities))],
        },
        supported_bill_types: near[0]?.supported_bill_types ?? ['client_bill'],
        lab_id: lab.id,
      };
    }
    return {
      zip_code: query.zip_code,
      phlebotomy: {
        is_served: served !== undefined,
        providers: served ? [{ name: served.provider, service_types: [served.tier] }] : [],
      },
      central_labs: centralLabs,
    };
  });

  const pscInfo = (
    lab: { id: number; slug: string },
    zip: string,
    radius: string,
    capabilities: string[] | undefined,
  ) => ({
    lab_id: lab.id,
    slug: lab.slug,
    patient_service_centers: centresNear(zip, Number(radius), lab.id)
      .filter(({ centre }) => (capabilities ?? []).every((c) => centre.capabilities.includes(c)))
      .map(({ centre, distance }) => labLocation(centre, distance)),
  });

  app.get('/v3/order/psc/info', async (request, reply) => {
    const query = parseRequestPart(pscInfoQuerySchema, request.query, 'query');
    const lab = await ctx.db
      .selectFrom('lab')
      .select(['id', 'slug'])
      .where('id', '=', query.lab_id)
      .executeTakeFirst();
    if (!lab) return reply.code(404).send({ detail: 'Lab not found' });
    return pscInfo(lab, query.zip_code, query.radius, query.capabilities);
  });

  app.get('/v3/order/:order_id/psc/info', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const query = parseRequestPart(orderPscInfoQuerySchema, request.query, 'query');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND });
    const lab = await orderLab(ctx.db, stored);
    if (!lab) return reply.code(400).send({ detail: 'This order has no lab.' });
    const zip = stored.record.document.patient_address?.zip ?? '';
    return pscInfo(lab, zip, query.radius, query.capabilities);
  });

  app.post('/v3/order/psc/appointment/availability', async (request, reply) => {
    const query = parseRequestPart(pscAvailabilityQuerySchema, request.query, 'query');
    if (!ctx.schedulingEnabled()) return reply.code(503).send({ detail: NOT_ENABLED });
    const now = ctx.now();
    const sites = query.site_codes ?? [];
    if (sites.length > MAX_SITE_CODES)
      return reply.code(400).send({ detail: `At most ${MAX_SITE_CODES} site codes are allowed.` });
    if (sites.length === 0 && !query.zip_code)
      return reply.code(400).send({ detail: 'Either site_codes or zip_code is required.' });
    if (query.zip_code && !query.radius && sites.length === 0)
      return reply.code(400).send({ detail: 'radius is required with zip_code.' });
    // The earliest clock a centre can have: the start date is in the past everywhere.
    if (query.start_date && query.start_date < centreDate({ timeZone: 'Pacific/Honolulu' }, now))
      return reply.code(400).send({ detail: 'start_date cannot be in the past.' });
    for (const site of sites) {
      if (!SITE_CODE_FORMAT.test(site) || !centreBySite(site))
        return reply.code(400).send({ detail: `Unknown or inactive site code ${site}.` });
    }
    const labId = query.lab === 'quest' ? 1 : -1;
    const candidates =
      sites.length > 0
        ? sites.flatMap((site) => {
            const centre = centreBySite(site);
            return centre ? [{ centre, distance: null as number | null }] : [];
          })
        : centresNear(query.zip_code ?? '', Number(query.radius ?? '25'), labId).slice(
            0,
            MAX_SITE_CODES,
          );
    const bookable = candidates.filter(
      ({ centre }) => centre.labId === labId && booksViaApi(centre),
    );
    if (bookable.length === 0) return reply.code(404).send({ detail: NO_SLOTS });
    const taken = await takenStarts(
      ctx.db,
      bookable.map((b) => b.centre.siteCode),
    );
    const slots = bookable.flatMap(({ centre, distance }) =>
      availabilityDates(centre, now, query.start_date).map((date) => ({
        location: locationOf(centre, distance),
        date,
        slots: centreSlotStarts(centre, date, now)
          .filter((start) => !taken.has(`${centre.siteCode}|${start.toISOString()}`))
          .map((start) => {
            const slot = {
              lab: query.lab,
              site: centre.siteCode,
              start: start.toISOString(),
              end: slotEnd(start).toISOString(),
            };
            return timeSlot(encodePscBookingKey(slot), slot.start, slot.end, 1);
          }),
      })),
    );
    // Centres near one ZIP code share its zone; each slot's location names its own too.
    return { slots, timezone: bookable[0]?.centre.timeZone ?? 'America/New_York' };
  });

  app.get('/v3/order/psc/appointment/cancellation-reasons', () => PSC_CANCELLATION_REASONS);

  app.get('/v3/order/:order_id/psc/appointment', (request, reply) =>
    answerLatestAppointment(
      ctx,
      TABLE,
      request,
      reply,
      'This order has no patient service centre appointment.',
    ),
  );

  /** Closed beta (docs/lab-api-facts.md §13): a repeat answers the first booking as it was then. */
  async function keptBooking(idempotencyKey: string, now: Date) {
    const cutoff = new Date(now.getTime() - BOOKING_KEY_RETENTION_MS).toISOString();
    await ctx.db.deleteFrom('psc_booking_key').where('created_at', '<', cutoff).execute();
    const kept = await ctx.db
      .selectFrom('psc_booking_key')
      .select('body')
      .where('team_id', '=', ctx.teamId)
      .where('key', '=', idempotencyKey)
      .executeTakeFirst();
    return kept ? (JSON.parse(kept.body) as unknown) : undefined;
  }

  app.post('/v3/order/:order_id/psc/appointment/book', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(bookAppointmentSchema, request.body, 'body');
    const key = request.headers['x-idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.length > 0 ? key : null;
    if (!ctx.schedulingEnabled()) return reply.code(503).send({ detail: NOT_ENABLED });
    return answerChange(ctx, reply, async (): Promise<AppointmentOutcome> => {
      const now = ctx.now();
      const kept = idempotencyKey ? await keptBooking(idempotencyKey, now) : undefined;
      if (kept !== undefined) return { code: 200, body: kept };
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return refuse(404, NOT_FOUND);
      if (stored.record.method !== 'walk_in_test')
        return refuse(400, 'This order is not a walk-in test order.');
      if (isLive(await latestAppointment(ctx.db, TABLE, stored.record.document.id)))
        return refuse(400, 'This order already has an appointment: reschedule it instead.');
      if (!APPOINTMENT_BOOKABLE_STATUSES.includes(stored.lowLevel))
        return refuse(
          400,
          `An appointment cannot be booked while the order is ${stored.lowLevel}.`,
        );
      const checked = checkSlot(body.booking_key, now);
      if (checked.refusal) return checked.refusal;
      const { slot, centre } = checked;
      const lab = await orderLab(ctx.db, stored);
      if (lab?.slug !== slot.lab)
        return refuse(400, `This order's lab is ${lab?.slug ?? 'unknown'}, not ${slot.lab}.`);
      if ((await takenStarts(ctx.db, [centre.siteCode])).has(`${centre.siteCode}|${slot.start}`))
        return refuse(400, 'This slot was just taken: choose another one.');

      const nowIso = now.toISOString();
      // Before the requisition the slot is only held (`reserved`); after it, confirmed.
      const reserved = stored.lowLevel === 'ordered';
      const data = { origin: 'api', is_reschedule: false };
      const appointment: AppointmentDocument = {
        ...newAppointmentOf(stored),
        address: centreAddress(centre),
        location: centre.location,
        start_at: slot.start,
        end_at: slot.end,
        iana_timezone: centre.timeZone,
        type: 'patient_service_center',
        provider: 'quest',
        status: reserved ? 'reserved' : 'confirmed',
        provider_id: centre.siteCode,
        external_id: `QST-${randomUUID().slice(0, 8).toUpperCase()}`,
        can_reschedule: true,
        appointment_notes: body.appointment_notes ?? null,
        event_status: reserved ? 'reserved' : 'scheduled',
        event_data: data,
        events: [{ created_at: nowIso, status: reserved ? 'reserved' : 'scheduled', data }],
      };
      await keepNewAppointment(
        ctx,
        TABLE,
        stored,
        appointment,
        reserved ? null : 'appointment_scheduled',
        nowIso,
      );
      if (idempotencyKey) {
        await ctx.db
          .insertInto('psc_booking_key')
          .values({
            team_id: ctx.teamId,
            key: idempotencyKey,
            body: JSON.stringify(appointment),
            created_at: nowIso,
          })
          .execute();
      }
      return { code: 200, body: appointment };
    });
  });

  app.patch('/v3/order/:order_id/psc/appointment/reschedule', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(rescheduleAppointmentSchema, request.body, 'body');
    if (!ctx.schedulingEnabled()) return reply.code(503).send({ detail: NOT_ENABLED });
    return answerChange(ctx, reply, () =>
      rescheduleLatest(
        ctx,
        TABLE,
        order_id,
        body.appointment_notes,
        async (appointment, now) => {
          const checked = checkSlot(body.booking_key, now);
          if (checked.refusal) return { refusal: checked.refusal };
          const { slot, centre } = checked;
          const taken = await takenStarts(ctx.db, [centre.siteCode], appointment.id);
          if (taken.has(`${centre.siteCode}|${slot.start}`))
            return { refusal: refuse(400, 'This slot was just taken: choose another one.') };
          const status = appointment.status === 'reserved' ? 'reserved' : 'confirmed';
          return {
            fields: {
              address: centreAddress(centre),
              location: centre.location,
              provider_id: centre.siteCode,
              start_at: slot.start,
              end_at: slot.end,
              status,
            },
            eventStatus: status === 'reserved' ? 'reserved' : 'scheduled',
          };
        },
        // The walk-in order has no scheduled → scheduled arrow: it keeps its status.
        false,
      ),
    );
  });

  app.patch('/v3/order/:order_id/psc/appointment/cancel', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const body = parseRequestPart(cancelPscAppointmentSchema, request.body, 'body');
    if (!ctx.schedulingEnabled()) return reply.code(503).send({ detail: NOT_ENABLED });
    return answerChange(ctx, reply, () =>
      cancelLatest(
        ctx,
        TABLE,
        order_id,
        PSC_CANCELLATION_REASONS,
        { field: 'cancellationReasonId', id: body.cancellationReasonId },
        (reason) => ({ cancellation_reason: reason, note: body.note ?? null }),
      ),
    );
  });

  done();
};
