import { z } from 'zod';

/**
 * A non-exhaustive enum of the Lab API: the service may add values without notice,
 * so a response must keep an unknown value as text instead of failing to parse.
 * The literal type still guides code that switches on the values we know.
 */
export type OpenEnum<T extends string> = T | (string & {});

export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.custom<OpenEnum<T[number]>>((value) => typeof value === 'string', {
    message: `Expected one of ${values.join(', ')} or another text value`,
  });
}
