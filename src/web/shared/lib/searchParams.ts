import * as v from 'valibot';

/*
 * The pieces every page's address-bar state is read with. The route tree checks a page's
 * search params before that page can draw, so these schemas are part of the first screen:
 * they are valibot's (plain objects, each check a function the bundler keeps only where it
 * is used) rather than zod's, whose classic API arrives whole (25.6 KB gzip of the first
 * screen) and builds every schema's methods at start-up. Lab API shapes stay in the contract,
 * in zod; these describe the console's own URLs.
 */

/** A param that reads as "not set" when the address bar holds a bad value, so an old or hand-edited link still opens. */
export function lenient<const S extends v.GenericSchema>(schema: S) {
  return v.fallback(v.optional(schema), undefined);
}

/** Free text up to `max` characters. */
export function text(max: number) {
  return v.pipe(v.string(), v.maxLength(max));
}

/** A calendar day, YYYY-MM-DD. */
export const isoDay = v.pipe(v.string(), v.isoDate());

/** A whole number from 1. */
export const pageNumber = v.pipe(v.number(), v.integer(), v.minValue(1));

/** One value or several: `?status=a` and `?status=a&status=b` both read as a list. */
export function listOf<const S extends v.GenericSchema>(item: S) {
  return v.pipe(
    v.union([v.array(item), item]),
    v.transform((value): v.InferOutput<S>[] =>
      Array.isArray(value) ? (value as v.InferOutput<S>[]) : [value as v.InferOutput<S>],
    ),
  );
}
