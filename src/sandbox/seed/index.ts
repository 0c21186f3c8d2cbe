import type { SandboxDb } from '../store/database';
import { insertOrder, insertOrderTransaction } from '../store/orders';
import { insertUnmatchedResult } from '../store/unmatchedResults';
import { DEMO_TEAM_ID, DEMO_TEAM_NAME, LAB_ACCOUNTS, LAB_TESTS, LABS, MARKERS } from './catalog';
import { seedAppointments } from './appointments';
import { seedCentreAppointments } from './centreAppointments';
import { buildSeedOrders } from './orders';
import { buildSeedResults, insertSeedResults } from './results';
import { PATIENTS } from './patients';
import { buildSeedUnmatchedResults } from './review';

export { DEMO_TEAM_ID, LAB_ACCOUNTS, LAB_TESTS, LABS, MARKERS } from './catalog';
export { PATIENTS } from './patients';
export { countOrders } from '../store/orders';

const DAY = 86_400_000;

/** True when the store holds no team yet, i.e. it was just created. */
export async function isEmpty(db: SandboxDb): Promise<boolean> {
  const team = await db.selectFrom('team').select('id').limit(1).executeTakeFirst();
  return team === undefined;
}

/**
 * Fills an empty store with the demo team in one transaction: either all of it is
 * there or none, so a crash mid-seed reseeds cleanly on the next start.
 */
export async function seed(db: SandboxDb, now: Date): Promise<void> {
  const { orders, transactions } = buildSeedOrders(now);
  const results = buildSeedResults(orders);
  const createdAt = new Date(now.getTime() - 200 * DAY).toISOString();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('team')
      .values({ id: DEMO_TEAM_ID, name: DEMO_TEAM_NAME, created_at: createdAt })
      .execute();
    await trx
      .insertInto('lab')
      .values(LABS.map((lab) => ({ id: lab.id, slug: lab.slug, document: JSON.stringify(lab) })))
      .execute();
    await trx
      .insertInto('marker')
      .values(
        MARKERS.map((m) => ({
          id: m.id,
          lab_id: m.lab_id,
          name: m.name,
          a_la_carte_enabled: m.a_la_carte_enabled ? 1 : 0,
          document: JSON.stringify(m),
        })),
      )
      .execute();
    for (const [index, test] of LAB_TESTS.entries()) {
      const { marker_ids, lab_id, description, ...rest } = test;
      await trx
        .insertInto('lab_test')
        .values({
          id: test.id,
          team_id: DEMO_TEAM_ID,
          lab_id,
          name: test.name,
          method: test.method,
          status: 'active',
          // Seconds apart so "oldest first" is the order above.
          created_at: new Date(Date.parse(createdAt) + index * 1000).toISOString(),
          document: JSON.stringify({
            ...rest,
            description,
            status: 'active',
            is_active: true,
            is_delegated: false,
            auto_generated: false,
          }),
        })
        .execute();
      await trx
        .insertInto('lab_test_marker')
        .values(
          marker_ids.map((marker_id, position) => ({ lab_test_id: test.id, marker_id, position })),
        )
        .execute();
    }
    await trx
      .insertInto('lab_account')
      .values(
        LAB_ACCOUNTS.map((account) => ({
          id: account.id,
          team_id: DEMO_TEAM_ID,
          status: account.status,
          document: JSON.stringify(account),
        })),
      )
      .execute();
    await trx
      .insertInto('lab_user')
      .values(
        PATIENTS.map((p, index) => ({
          id: p.id,
          team_id: DEMO_TEAM_ID,
          client_user_id: p.client_user_id,
          created_on: new Date(Date.parse(createdAt) + index * 3_600_000).toISOString(),
          document: JSON.stringify(p),
        })),
      )
      .execute();
    for (const transaction of transactions) await insertOrderTransaction(trx, transaction);
    for (const order of orders) await insertOrder(trx, order);
    for (const result of buildSeedUnmatchedResults(orders, now)) {
      await insertUnmatchedResult(trx, result);
    }
    await seedAppointments(trx, orders);
    await seedCentreAppointments(trx, orders);
    await insertSeedResults(trx, results);
  });
}
