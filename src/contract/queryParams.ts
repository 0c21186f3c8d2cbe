import { z } from 'zod';

/* Building blocks for query-string schemas of the Lab API (FastAPI style). */

/** A parameter sent once (`a=1`) or repeated (`a=1&a=2`): always read as a list. */
export function repeatedParam<T extends z.ZodType>(item: T) {
  return z
    .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item))
    .optional();
}

/** `true` / `false` in the query string. */
export const booleanParam = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);
