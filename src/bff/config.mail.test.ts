import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const fail = (env: NodeJS.ProcessEnv) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a configuration error');
};

describe('mail and escalation settings', () => {
  it('keep mail in the outbox until SMTP_URL is set', () => {
    const local = parseConfig({});
    expect(local.mail).toEqual({ smtpUrl: null, from: 'Lab console <console@localhost>' });
    expect(local.escalation).toEqual({ nextTierMinutes: 30, lastTier: [], intervalMs: 15_000 });
    expect(local.digestHourUtc).toBe(7);

    const smtp = parseConfig({
      SMTP_URL: 'smtps://mailer:s3cret@mail.clinic.test:465',
      MAIL_FROM: 'Clinic console <console@clinic.test>',
      ESCALATION_NEXT_TIER_MINUTES: '15',
      ESCALATION_LAST_TIER: ' OnCall@clinic.test, director@clinic.test ',
      DIGEST_HOUR_UTC: '5',
    });
    expect(smtp.mail).toEqual({
      smtpUrl: 'smtps://mailer:s3cret@mail.clinic.test:465',
      from: 'Clinic console <console@clinic.test>',
    });
    expect(smtp.escalation).toMatchObject({
      nextTierMinutes: 15,
      lastTier: ['oncall@clinic.test', 'director@clinic.test'],
    });
    expect(smtp.digestHourUtc).toBe(5);
  });

  it('refuses an SMTP_URL that is not SMTP without repeating it (it may hold a password)', () => {
    const message = fail({ SMTP_URL: 'https://mailer:s3cret@mail.clinic.test' });
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('s3cret');
  });

  it('names a last-tier entry that is not an address', () => {
    expect(fail({ ESCALATION_LAST_TIER: 'oncall@clinic.test, the director' })).toContain(
      'the director',
    );
  });
});
