import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Store } from '../platform/database/database';
import type { LabApiClient } from '../platform/labApi/upstream';
import type { ChangePublisher } from '../platform/liveChanges/recordChanges';
import { passwordLinkMailer, type PasswordLinkToMail } from './accountMail';
import { watchCriticals } from './criticalWatch';
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
  /** The escalation job's clock; tests move it forward. */
  now?: () => number;
}

export interface Notifications {
  mailer: Mailer;
  escalation: EscalationJob;
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
  fastify.decorate('notifications', {
    mailer,
    escalation,
    watch: (publisher: ChangePublisher) => watchCriticals(publisher, () => escalation.kick()),
    mailPasswordLink: passwordLinkMailer(store.db, mailer, opts.publicUrl),
  });
  escalation.start();
  fastify.addHook('onClose', async () => {
    escalation.stop();
    // A pass in progress finishes its notices before the store closes.
    await escalation.idle();
    mailer.close();
  });
  await fastify.register(notificationRoutes, { store, mailer, defaults: opts.escalation });
});
