import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Webhook, WebhookVerificationError } from 'svix';
import { SVIX_HEADERS, WEBHOOK_RECEIVER_PATH, webhookEnvelopeSchema } from '../../contract';
import { sendProblem } from '../platform/http/problem';
import type { Store } from '../platform/database/database';
import { inboxFields } from './envelopeFields';
import { InboxWriter } from './inbox';
import type { InboxProcessor } from './processor';
import type { SigningSecrets } from './signingSecrets';

export interface ReceiverOptions {
  store: Store;
  /** `whsec_…` secrets (LAB_API_WEBHOOK_SECRET and rotations); none refuses every delivery with 503. */
  secrets: SigningSecrets;
  processor: InboxProcessor;
}

/** Deliveries are small JSON; anything near this is not one. */
const MAX_DELIVERY_BYTES = 256 * 1024;

/**
 * `POST /webhooks/lab-api`: the one public route outside `/api` (no session, no
 * anti-forgery header: the signature is the credential). The body is kept as the bytes
 * that were signed — a body parsed and serialised again would no longer verify — and
 * checked with the svix library, which also refuses a timestamp more than 5 minutes
 * off. Nothing is stored before the signature holds. The sender gets its answer once
 * the delivery is durably in the inbox; processing follows.
 */
export function webhookReceiverRoutes(fastify: FastifyInstance, opts: ReceiverOptions) {
  const inbox = new InboxWriter(opts.store.db);
  let warned = false;

  // Whatever the content type, the handler sees the raw bytes.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_DELIVERY_BYTES },
    (_request, body, done) => done(null, body),
  );

  fastify.post(WEBHOOK_RECEIVER_PATH, async (request, reply) => {
    const secrets = await opts.secrets.current();
    if (secrets.length === 0) {
      if (!warned) {
        warned = true;
        request.log.error(
          'webhook refused: LAB_API_WEBHOOK_SECRET is not set, so deliveries cannot be verified',
        );
      }
      return sendProblem(reply, 503, 'Service unavailable', 'Webhooks are not configured.');
    }
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const headers = svixHeaders(request);
    if (!headers) return refuse(request, reply, 400, 'missing Svix headers');
    const refusal = verifyWithAny(secrets, body, headers);
    if (refusal) return refuse(request, reply, 401, refusal);

    const svixId = headers[SVIX_HEADERS.id];
    const now = Date.now();
    const envelope = webhookEnvelopeSchema.safeParse(parseJson(body));
    if (!envelope.success) {
      // Signed but unreadable: retrying would not help, so it is acknowledged and shown
      // to admins as failed.
      await inbox.store(
        svixId,
        {
          event_type: 'unreadable',
          record_id: null,
          order_id: null,
          status: null,
          occurred_at: null,
        },
        'failed',
        now,
        'the body is not a webhook envelope',
      );
      request.log.warn({ svixId }, 'webhook stored as failed: not an envelope');
      return reply.status(204).send();
    }
    const fields = inboxFields(envelope.data);
    const known = fields.record_id !== null;
    const stored = await inbox.store(svixId, fields, known ? 'pending' : 'ignored', now);
    request.log.info(
      { svixId, eventType: fields.event_type, duplicate: !stored },
      'webhook received',
    );
    if (stored && known) opts.processor.kick();
    return reply.status(204).send();
  });
}

/**
 * Verified when any current secret verifies it: across a rotation the sender may sign
 * with the old secret, the new one, or both. Answers why not, or null when verified.
 */
function verifyWithAny(
  secrets: readonly string[],
  body: Buffer,
  headers: Record<string, string>,
): string | null {
  let reason = 'no signature matched';
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(body, headers);
      return null;
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      reason = error.message;
    }
  }
  return reason;
}

function svixHeaders(request: FastifyRequest) {
  const pick = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const id = pick(SVIX_HEADERS.id);
  const timestamp = pick(SVIX_HEADERS.timestamp);
  const signature = pick(SVIX_HEADERS.signature);
  if (!id || !timestamp || !signature) return null;
  return {
    [SVIX_HEADERS.id]: id,
    [SVIX_HEADERS.timestamp]: timestamp,
    [SVIX_HEADERS.signature]: signature,
  };
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: 400 | 401, reason: string) {
  // A forged or stale delivery is worth a warning; its body is never logged.
  request.log.warn({ refusal: reason, status }, 'webhook refused');
  return sendProblem(
    reply,
    status,
    status === 400 ? 'Bad request' : 'Invalid signature',
    status === 400 ? 'Missing the Svix headers.' : 'The delivery could not be verified.',
  );
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
