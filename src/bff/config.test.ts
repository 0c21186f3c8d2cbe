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

describe('parseConfig', () => {
  it('runs embedded, on local HTTP, when no upstream is configured', () => {
    const config = parseConfig({});
    expect(config.upstream).toEqual({
      kind: 'embedded',
      keyHeader: 'x-service-api-key',
      timeoutMs: 15000,
      deadlineMs: 30000,
      retryMaxWaitMs: 5000,
    });
    expect(config.port).toBe(3000);
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBeNull();
  });

  it.each([
    ['sandbox', 'us', 'https://api.sandbox.us.junction.com'],
    ['sandbox', 'eu', 'https://api.sandbox.eu.junction.com'],
    ['production', 'us', 'https://api.us.junction.com'],
    ['production', 'eu', 'https://api.eu.junction.com'],
  ])('picks the %s %s deployment', (environment, region, baseUrl) => {
    const config = parseConfig({
      LAB_API_ENVIRONMENT: environment,
      LAB_API_REGION: region,
      LAB_API_KEY: 'sk_us_x',
      PUBLIC_URL: 'https://console.example.test',
    });
    // A real deployment takes the header its OpenAPI document names.
    expect(config.upstream).toMatchObject({
      kind: 'remote',
      environment,
      region,
      baseUrl,
      keyHeader: 'x-vital-api-key',
    });
    expect(config.secureCookies).toBe(true);
  });

  it('keeps the description’s header for an address alone, and any header when set', () => {
    const custom = parseConfig({ LAB_API_BASE_URL: 'http://127.0.0.1:4010', LAB_API_KEY: 'k' });
    expect(custom.upstream.keyHeader).toBe('x-service-api-key');
    const set = parseConfig({
      LAB_API_ENVIRONMENT: 'sandbox',
      LAB_API_KEY: 'k',
      LAB_API_KEY_HEADER: 'X-Service-API-Key',
      PUBLIC_URL: 'https://console.example.test',
    });
    expect(set.upstream.keyHeader).toBe('x-service-api-key');
  });

  it('lets a base URL override the address and keeps the header name configurable', () => {
    const config = parseConfig({
      LAB_API_BASE_URL: 'http://127.0.0.1:9999/',
      LAB_API_KEY: 'k',
      LAB_API_KEY_HEADER: 'X-Vital-API-Key',
    });
    expect(config.upstream).toMatchObject({
      environment: 'custom',
      baseUrl: 'http://127.0.0.1:9999',
      keyHeader: 'x-vital-api-key',
    });
  });

  it('stops with one line naming the bad value', () => {
    const message = fail({
      LAB_API_ENVIRONMENT: 'sandbox',
      LAB_API_REGION: 'asia',
      LAB_API_KEY: 'k',
    });
    expect(message).toMatch(/^Configuration error: LAB_API_REGION .*\(got "asia"\)$/);
    expect(message.split('\n')).toHaveLength(1);
    expect(fail({ PORT: 'eighty' })).toMatch(/^Configuration error: PORT/);
    expect(fail({ LAB_API_ENVIRONMENT: 'sandbox' })).toMatch(/LAB_API_KEY is required/);
    expect(fail({ LAB_API_KEY: 'k' })).toMatch(/LAB_API_KEY .* need LAB_API_ENVIRONMENT/);
    expect(fail({ PUBLIC_URL: 'http://console.example.test' })).toMatch(
      /PUBLIC_URL must use https/,
    );
    expect(fail({ NODE_ENV: 'production' })).toMatch(
      /PUBLIC_URL must be the console's https address in production/,
    );
    expect(fail({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toMatch(
      /in production .*got "http:\/\/localhost:3000"/,
    );
    expect(fail({ CONSOLE_ADMIN_EMAIL: 'a@example.test' })).toMatch(/must be set together/);
  });

  it('never repeats a rejected password or secret in its message', () => {
    const message = fail({
      CONSOLE_ADMIN_EMAIL: 'a@example.test',
      CONSOLE_ADMIN_PASSWORD: 'eleven-char',
    });
    expect(message).toMatch(/^Configuration error: CONSOLE_ADMIN_PASSWORD /);
    expect(message).not.toContain('eleven-char');
  });

  it('logs readable warnings by hand, and every request as JSON in production', () => {
    expect(parseConfig({})).toMatchObject({ logLevel: 'warn', logFormat: 'pretty' });
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.test' };
    expect(parseConfig(production)).toMatchObject({ logLevel: 'info', logFormat: 'json' });
    expect(parseConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' })).toMatchObject({
      logLevel: 'debug',
      logFormat: 'json',
    });
    expect(fail({ LOG_FORMAT: 'xml' })).toMatch(/^Configuration error: LOG_FORMAT/);
  });

  it('takes the console origin from PUBLIC_URL, and secure cookies in production', () => {
    const production = parseConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://console.example.test/',
    });
    expect(production.consoleOrigin).toBe('https://console.example.test');
    expect(production.secureCookies).toBe(true);
    expect(parseConfig({}).consoleOrigin).toBeNull();
  });

  it('trusts a number of proxy hops or proxies at given addresses, never every hop', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
    ]);
    expect(fail({ TRUST_PROXY: 'true' })).toMatch(
      /^Configuration error: TRUST_PROXY must say which proxies/,
    );
    expect(fail({ TRUST_PROXY: '0' })).toMatch(/1 to 10 proxy hops/);
    expect(fail({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toMatch(
      /"proxy.internal" is neither/,
    );
  });
});
