import type { Migration } from 'kysely';
import { initial } from './001_initial';
import { ordering } from './002_ordering';
import { tracking } from './003_tracking';
import { review } from './004_review';
import { webhooks } from './005_webhooks';
import { walkIn } from './006_walk_in';
import { management } from './008_management';
import { orderAnswers } from './009_order_answers';

/** Named in apply order; Kysely's Migrator sorts by name and records what has run. */
export const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_ordering': ordering,
  '003_tracking': tracking,
  '004_review': review,
  '005_webhooks': webhooks,
  '006_walk_in': walkIn,
  '008_management': management,
  '009_order_answers': orderAnswers,
};
