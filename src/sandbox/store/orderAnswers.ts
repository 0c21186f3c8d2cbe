import type { SandboxDb } from './database';

export interface AoeAnswer {
  marker_id: number;
  question_id: number;
  answer: string;
}

export interface Consent {
  consentType: string;
  version?: string | undefined;
  timeOfConsent?: string | null | undefined;
}

export interface OrderAnswers {
  aoeAnswers: AoeAnswer[];
  consents: Consent[];
}

/**
 * Keeps what the order was placed or registered with for its requisition. A registration
 * adds its consents to those the order already had.
 */
export async function keepOrderAnswers(
  db: SandboxDb,
  orderId: string,
  given: { aoeAnswers?: readonly AoeAnswer[] | null; consents?: readonly Consent[] | null },
): Promise<void> {
  const known = await orderAnswersOf(db, orderId);
  const row = {
    order_id: orderId,
    aoe_answers: JSON.stringify([...known.aoeAnswers, ...(given.aoeAnswers ?? [])]),
    consents: JSON.stringify([...known.consents, ...(given.consents ?? [])]),
  };
  await db
    .insertInto('order_answers')
    .values(row)
    .onConflict((c) =>
      c.column('order_id').doUpdateSet({ aoe_answers: row.aoe_answers, consents: row.consents }),
    )
    .execute();
}

/** The order's answers; none for an order placed before they were kept, or seeded. */
export async function orderAnswersOf(db: SandboxDb, orderId: string): Promise<OrderAnswers> {
  const row = await db
    .selectFrom('order_answers')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) return { aoeAnswers: [], consents: [] };
  return {
    aoeAnswers: JSON.parse(row.aoe_answers) as AoeAnswer[],
    consents: JSON.parse(row.consents) as Consent[],
  };
}
