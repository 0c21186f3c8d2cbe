import type { OperationCheck } from '../table';
import { CATALOGUE } from './catalogue';
import { INSURANCE } from './insurance';
import { LAB_TEST_CATALOGUE } from './labTestCatalogue';
import { ORDER_DOCUMENTS } from './orderDocuments';
import { ORDERING } from './ordering';
import { ORDER_READING } from './orders';
import { PARSING } from './parsing';
import { PHLEBOTOMY } from './phlebotomy';
import { PROVIDERS } from './providers';
import { REVIEW } from './review';
import { TIMESERIES } from './timeseries';
import { TRACKING } from './tracking';
import { USERS } from './users';
import { WALK_IN } from './walkIn';

/**
 * Every document operation the local Lab API serves, with the requests that drive it.
 * A new route of the local Lab API needs its entry here: the suite fails without one.
 */
export const OPERATIONS: readonly OperationCheck[] = [
  ...ORDER_READING,
  ...ORDERING,
  ...TRACKING,
  ...PHLEBOTOMY,
  ...CATALOGUE,
  ...USERS,
  ...REVIEW,
  ...PARSING,
  ...TIMESERIES,
  ...WALK_IN,
  ...ORDER_DOCUMENTS,
  ...LAB_TEST_CATALOGUE,
  ...INSURANCE,
  ...PROVIDERS,
];
