import type { Kysely, Migration } from 'kysely';

/**
 * Notifications by e-mail: the local outbox (mail kept here when no SMTP server is
 * configured), escalation policies per team, the durable escalation of each critical
 * result and every notice it sent, each account's notification preferences, and the
 * last refused send of an account's invitation or reset. None of them holds a patient's
 * name, a value or a result: ids, addresses, times and states only.
 */
export function notifications(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mail_outbox_created')
        .on('mail_outbox')
        .columns(['created_at', 'id'])
        .execute();

      // team_id 'default' is the policy of teams without one of their own.
      await db.schema
        .createTable('escalation_policy')
        .addColumn('team_id', 'text', (c) => c.primaryKey())
        .addColumn('next_tier_minutes', 'integer', (c) => c.notNull())
        .addColumn('last_tier', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();

      await db.schema
        .createTable('critical_escalation')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        // The critical's own time (or when it was learned): a later critical of the same
        // order is a new escalation, a redelivery of the same one is not.
        .addColumn('critical_at', 'bigint', (c) => c.notNull())
        .addColumn('detected_at', 'bigint', (c) => c.notNull())
        .addColumn('team_id', 'text')
        .addColumn('result_version', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_step_at', 'bigint')
        .addColumn('stopped_at', 'bigint')
        .addColumn('stop_reason', 'text')
        .addColumn('stopped_by', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addUniqueConstraint('critical_escalation_once', ['order_id', 'critical_at'])
        .execute();
      await db.schema
        .createIndex('critical_escalation_open')
        .on('critical_escalation')
        .columns(['state', 'next_step_at'])
        .execute();

      await db.schema
        .createTable('critical_notice')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('escalation_id', 'text', (c) =>
          c.notNull().references('critical_escalation.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('tier', 'integer', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('recipient_name', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addColumn('error', 'text')
        // One notice per person per tier, even when a pass is repeated after a restart.
        .addUniqueConstraint('critical_notice_once', ['escalation_id', 'tier', 'recipient'])
        .execute();
      await db.schema
        .createIndex('critical_notice_order')
        .on('critical_notice')
        .column('order_id')
        .execute();

      await db.schema
        .createTable('notification_preference')
        .addColumn('account_id', 'text', (c) =>
          c.primaryKey().references('console_account.id').onDelete('cascade'),
        )
        .addColumn('critical_results', 'integer', (c) => c.notNull())
        .addColumn('daily_digest', 'integer', (c) => c.notNull())
        .addColumn('overdue_orders', 'integer', (c) => c.notNull())
        .addColumn('parsing_review', 'integer', (c) => c.notNull())
        .addColumn('digest_only', 'integer', (c) => c.notNull())
        .addColumn('physician_npi', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('account_mail')
        .addColumn('account_id', 'text', (c) =>
          c.primaryKey().references('console_account.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'account_mail',
        'notification_preference',
        'critical_notice',
        'critical_escalation',
        'escalation_policy',
        'mail_outbox',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
