/*
 * `npm run audit:verify`: recomputes the audit trail's hash chain in the console's store
 * (DATABASE_URL, or the SQLite file in DATA_DIR) and names the first row that does not
 * add up. Exit code 0 when the chain holds, 1 when it is broken, 2 when it cannot run.
 * Keep the printed head and count: a trail cut short at its end still verifies, and only
 * an earlier head that is no longer in it shows that.
 */
import { pathToFileURL } from 'node:url';
import { parseConfig } from '../src/bff/config';
import { verifyAuditChain } from '../src/bff/platform/audit/auditChain';
import { openStore, storeLocationFor } from '../src/bff/platform/database/database';

export async function auditVerify(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; message: string }> {
  const store = await openStore(storeLocationFor(parseConfig(env)));
  try {
    const verdict = await verifyAuditChain(store.db);
    return verdict.ok
      ? { code: 0, message: `audit trail intact: ${verdict.rows} rows, head ${verdict.head}` }
      : {
          code: 1,
          message: `audit trail broken at row ${verdict.brokenId}: ${verdict.reason} (${verdict.rows} rows before it verified)`,
        };
  } finally {
    await store.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  auditVerify(process.env).then(
    ({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(
        `audit:verify could not run: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 2;
    },
  );
}
