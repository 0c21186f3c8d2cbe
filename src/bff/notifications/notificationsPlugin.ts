import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Store } from '../platform/database/database';
import type { LabApiClient } from '../platform/labApi/upstream';
import type { ChangePublisher } from '../platform/liveChanges/recordChanges';
import { passwordLinkMailer, type PasswordLinkToMail } from './accountMail';
import { watchCriticals } from './criticalWatch';
import { DigestJob } from './digest';
import { EscalationJob, type AcknowledgementsOf } from './escalation';
import { createMailer, type Mailer, type MailSettings } from './mailer';
import type { DefaultPolicy } from './policies';
import { notificationRoutes } from './routes';

export interface EscalationSettings extends DefaultPolicy {
  /** How often the job looks for escalations due (a new critical starts one at once). */
  intervalMs: number;
}

export interface NotificationsPluginOptions {
  store: Store;
  client: LabApiClient;
  /** The console's address, for links in e-mails. */
  publicUrl: string;
  mail: MailSettings;
  escalation: EscalationSettings;
  /** The results inbox's acknowledgements, handed in by the composition root. */
  acknowledgementsOf: AcknowledgementsOf;
  /** The hour (UTC) the daily digest goes out. */
  digestHourUtc: number;
  /** The jobs' clock; tests move it forward. */
  now?: () => number;
}

export interface Notifications {
  mailer: Mailer;
  escalation: EscalationJob;
  digest: DigestJob;
  /** The publisher to hand to what records changes: it opens an escalation per critical. */
  watch: (publisher: ChangePublisher) => ChangePublisher;
  /** E-mails an invitation or reset link and records on the account whether it went. */
  mailPasswordLink: (mail: PasswordLinkToMail) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/**
 * Notifications by e-mail: the mailer (SMTP or the local outbox), the escalation of
 * critical results (a durable job in the store, one replica at a time) and the
 * console's notification endpoints.
 */
export const notificationsPlugin = fp(async function notifications(
  fastify: FastifyInstance,
  opts: NotificationsPluginOptions,
) {
  const { store } = opts;
  const mailer = createMailer(store.db, opts.mail, opts.publicUrl);
  const escalation = new EscalationJob({
    db: store.db,
    client: opts.client,
    mailer,
    acknowledgementsOf: opts.acknowledgementsOf,
    defaults: opts.escalation,
    publicUrl: opts.publicUrl,
    log: fastify.log,
    intervalMs: opts.escalation.intervalMs,
    now: opts.now ?? Date.now,
  });
  const digest = new DigestJob({
    db: store.db,
    client: opts.client,
    mailer,
    acknowledgementsOf: opts.acknowledgementsOf,
    publicUrl: opts.publicUrl,
    hourUtc: opts.digestHourUtc,
    log: fastify.log,
    now: opts.now ?? Date.now,
  });
  fastify.decorate('notifications', {
    mailer,
    escalation,
    digest,
    watch: (publisher: ChangePublisher) => watchCriticals(publisher, () => escalation.kick()),
    mailPasswordLink: passwordLinkMailer(store.db, mailer, opts.publicUrl),
  });
  escalation.start();
  digest.start();
  fastify.addHook('onClose', async () => {
    digest.stop();
    escalation.stop();
    // A pass in progress finishes its notices before the store closes.
    await escalation.idle();
    mailer.close();
  });
  await fastify.register(notificationRoutes, {
    store,
    mailer,
    digest,
    defaults: opts.escalation,
  });
});
