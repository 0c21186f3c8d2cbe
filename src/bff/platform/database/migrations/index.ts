import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { initial } from './001_initial';
import { parsingJobs } from './002_parsing_jobs';
import { scopedWrites } from './003_scoped_writes';
import { auditChain } from './004_audit_chain';
import { webhookInbox } from './005_webhook_inbox';
import { resultAcknowledgements } from './008_result_acknowledgements';
import { savedViews } from './006_saved_views';
import { consoleAccounts } from './009_console_accounts';
import { auditFilters } from './010_audit_filters';
import { webhookSigningSecrets } from './011_webhook_signing_secrets';
import { auditLeanIndexes } from './012_audit_lean_indexes';
import { accountableTrail } from './013_accountable_trail';
import { notifications } from './014_notifications';

/** Migrations run unchanged on SQLite and PostgreSQL; the dialect picks trigger syntax. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_parsing_jobs': parsingJobs(),
    '003_scoped_writes': scopedWrites(),
    '004_audit_chain': auditChain(dialect),
    '005_webhook_inbox': webhookInbox(),
    '008_result_acknowledgements': resultAcknowledgements(),
    '006_saved_views': savedViews(),
    '009_console_accounts': consoleAccounts(),
    '010_audit_filters': auditFilters(),
    '011_webhook_signing_secrets': webhookSigningSecrets(),
    '012_audit_lean_indexes': auditLeanIndexes(),
    '013_accountable_trail': accountableTrail(),
    '014_notifications': notifications(),
  };
}
