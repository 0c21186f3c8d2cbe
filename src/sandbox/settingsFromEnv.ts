import type { ManagementPlan } from './management';

/*
 * The local Lab API's settings from the environment (SANDBOX_*), apart from the app, so a
 * host that runs it in a worker thread (src/start.ts) reads them without loading the app.
 */

export { webhookSettingsFromEnv } from './webhooks/settings';

/** `SANDBOX_TIMESERIES_PAGE_SIZE`: samples per timeseries page, a positive integer (unset: the default). */
export function timeseriesPageSizeFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.SANDBOX_TIMESERIES_PAGE_SIZE;
  if (!text) return undefined;
  const size = Number(text);
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(`SANDBOX_TIMESERIES_PAGE_SIZE must be a positive integer, not "${text}".`);
  }
  return size;
}

/** `SANDBOX_MANAGEMENT_PLAN`: `none` turns the management features off; unset or `enterprise` on. */
export function managementPlanFromEnv(env: NodeJS.ProcessEnv): ManagementPlan | undefined {
  const text = env.SANDBOX_MANAGEMENT_PLAN;
  if (!text) return undefined;
  if (text !== 'none' && text !== 'enterprise') {
    throw new Error(`SANDBOX_MANAGEMENT_PLAN must be "none" or "enterprise", not "${text}".`);
  }
  return text;
}
