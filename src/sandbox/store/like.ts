import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * A case-insensitive (ASCII, SQLite's LIKE) substring match in which `%`, `_` and `\`
 * typed by a user match themselves instead of acting as wildcards.
 */
export function contains(column: Expression<string | null>, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
