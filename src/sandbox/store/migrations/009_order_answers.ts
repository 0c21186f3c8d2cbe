import type { Kysely, Migration } from 'kysely';

/*
 * What an order was placed with that its answer does not carry but its requisition
 * prints: the answers to the lab's questions (AoE) and the patient's consents, as JSON.
 * Kept beside the order, not in its document, so the order's answer keeps the
 * description's members only.
 */
export const orderAnswers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_answers')
      .addColumn('order_id', 'text', (c) => c.primaryKey())
      // JSON array of {marker_id, question_id, answer}.
      .addColumn('aoe_answers', 'text', (c) => c.notNull())
      // JSON array of {consentType, version, timeOfConsent}.
      .addColumn('consents', 'text', (c) => c.notNull())
      .execute();
  },
};
