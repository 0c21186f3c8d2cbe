import { describe, expect, it } from 'vitest';
import { ConfigError, RECONCILE_INTERVAL_DEFAULT_MS, parseConfig } from './config';

describe('webhook configuration', () => {
  it('takes the signing secret and the reconciliation interval from the environment', () => {
    const config = parseConfig({
      LAB_API_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      RECONCILE_INTERVAL_MS: '5000',
    });
    expect(config.webhookSecret).toBe('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(config.reconcileIntervalMs).toBe(5000);
  });

  it('has no secret unless given one, and reconciles every minute by default', () => {
    const config = parseConfig({});
    expect(config.webhookSecret).toBeNull();
    expect(config.reconcileIntervalMs).toBe(RECONCILE_INTERVAL_DEFAULT_MS);
  });

  it('refuses a secret that is not a whsec_ one, naming the variable', () => {
    expect(() => parseConfig({ LAB_API_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(ConfigError);
    expect(() => parseConfig({ LAB_API_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(
      /LAB_API_WEBHOOK_SECRET/,
    );
    // The value is not echoed: a secret pasted without its prefix is still a secret.
    expect(() => parseConfig({ LAB_API_WEBHOOK_SECRET: 'not-a-secret' })).not.toThrow(
      /not-a-secret/,
    );
  });
});
