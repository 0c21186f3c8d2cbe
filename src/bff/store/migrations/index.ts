import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { initial } from './001_initial';

/** Migrations run unchanged on SQLite and PostgreSQL; the dialect picks trigger syntax. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
  };
}
