/* Headers cross the BFF only by name from these lists: the browser's cookies and
   credentials never reach the Lab API, and upstream cookies never reach the browser. */

export const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'content-type',
  'x-idempotency-key',
  'x-idempotency-error',
] as const;

/* The type, length and disposition of an answer are the BFF's own (see `answer.ts`). */
export const FORWARDED_RESPONSE_HEADERS = ['etag', 'last-modified', 'retry-after'] as const;

type HeaderBag = Record<string, string | string[] | undefined>;

export function pickHeaders(source: HeaderBag, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (typeof value === 'string') picked[name] = value;
    else if (Array.isArray(value) && value.length > 0) picked[name] = value.join(', ');
  }
  return picked;
}
