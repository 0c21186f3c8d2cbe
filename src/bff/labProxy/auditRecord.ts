import type { MatchedCall } from './allowList';

/* Ids from a query string are the browser's text: bounded before they reach the trail. */
const MAX_ID_LENGTH = 200;

/** The record an audited call names in its path or query, if any. */
export function recordIdInRequest(matched: MatchedCall, query: string): string | null {
  const target = matched.call.audit;
  if (target?.idParam) return matched.params[target.idParam] ?? null;
  if (target?.idInQuery) {
    const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
    for (const name of target.idInQuery) {
      const value = params.get(name);
      if (value) return value.slice(0, MAX_ID_LENGTH);
    }
  }
  return null;
}

/** A create's answer names the record it made (the answer is already read whole). */
export function recordIdInAnswer(
  matched: MatchedCall,
  status: number,
  body: Buffer | null,
): string | null {
  const read = matched.call.audit?.idInAnswer;
  if (!read || !body || status < 200 || status >= 300) return null;
  let answer: unknown;
  try {
    answer = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  return read(answer)?.slice(0, MAX_ID_LENGTH) ?? null;
}
