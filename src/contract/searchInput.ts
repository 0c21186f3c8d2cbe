/*
 * What a person types in a search box, in the form `GET /v3/orders`'s `search_input`
 * understands (docs/lab-api-facts.md §6: an order id, a user id, a patient's name as
 * "first last", a date of birth as YYYY-MM-DD, a shipping recipient). People also type a
 * name as a list prints it ("Calloway, Juniper") and a US date ("06/01/2012"). Plain
 * constants and functions only: the first screen may read it.
 */

const LAST_COMMA_FIRST = /^([^,\d]+),\s*([^,\d]+)$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A US date (month/day/year) as YYYY-MM-DD, or null when it is not a real day. */
export function isoFromUsDate(typed: string): string | null {
  const match = US_DATE.exec(typed.trim());
  if (!match) return null;
  const [, month = '', day = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

/** The search text to send as `search_input` for what was typed. */
export function searchInputFor(typed: string): string {
  const text = typed.trim().replace(/\s+/g, ' ');
  const iso = isoFromUsDate(text);
  if (iso) return iso;
  const name = LAST_COMMA_FIRST.exec(text);
  if (name) {
    const [, last = '', first = ''] = name;
    if (last.trim() && first.trim()) return `${first.trim()} ${last.trim()}`;
  }
  return text;
}
