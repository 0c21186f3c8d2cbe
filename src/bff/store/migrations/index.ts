import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { initial } from './001_initial';
import { parsingJobs } from './002_parsing_jobs';
import { scopedWrites } from './003_scoped_writes';
import { auditChain } from './004_audit_chain';
import { savedViews } from './006_saved_views';

/** Migrations run unchanged on SQLite and PostgreSQL; the dialect picks trigger syntax. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_parsing_jobs': parsingJobs(),
    '003_scoped_writes': scopedWrites(),
    '004_audit_chain': auditChain(dialect),
    '006_saved_views': savedViews(),
  };
}
