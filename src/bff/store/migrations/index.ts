import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { initial } from './001_initial';
import { parsingJobs } from './002_parsing_jobs';

/** Migrations run unchanged on SQLite and PostgreSQL; the dialect picks trigger syntax. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_parsing_jobs': parsingJobs(),
  };
}
