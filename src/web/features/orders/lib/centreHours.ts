/*
 * A centre's opening hours in one line: the Lab API sends them free-form
 * (`{monday: "07:00-17:00", …}` on the local one); equal neighbouring days are joined.
 */

const DAYS = [
  ['monday', 'Mon'],
  ['tuesday', 'Tue'],
  ['wednesday', 'Wed'],
  ['thursday', 'Thu'],
  ['friday', 'Fri'],
  ['saturday', 'Sat'],
  ['sunday', 'Sun'],
] as const;

export function describeHours(hours: Record<string, unknown> | null | undefined): string {
  if (!hours) return 'Hours not given';
  const runs: { from: string; to: string; value: string }[] = [];
  for (const [key, short] of DAYS) {
    const raw = hours[key];
    const value = typeof raw === 'string' ? raw.replace('-', '–') : '';
    const last = runs.at(-1);
    if (last && last.value === value) last.to = short;
    else runs.push({ from: short, to: short, value });
  }
  const open = runs.filter((r) => r.value && r.value.toLowerCase() !== 'closed');
  if (open.length === 0) return 'Hours not given';
  return open
    .map((r) => `${r.from === r.to ? r.from : `${r.from}–${r.to}`} ${r.value}`)
    .join(' · ');
}
