import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../contract';
import { buildApp } from '../bff/app';
import { accessPlugin, undeclared } from '../bff/platform/access/access';
import { openStore, type Store } from '../bff/platform/database/database';

/*
 * Every /api route says who may call it and how it is audited (docs/bff.md). The census
 * sees each route as the BFF registers it, through its own onRoute hook added before any
 * plugin, so it does not rely on the access plugin's own check to report a route.
 */

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

describe('route census: every /api route declares access and audit', () => {
  let store: Store;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    store = await openStore({ dialect: 'sqlite', file: ':memory:' });
    app = await buildApp({
      store,
      upstream: {
        environment: 'local',
        region: null,
        baseUrl: 'http://127.0.0.1:9',
        apiKey: 'sk_census_never_sent',
        keyHeader: 'x-vital-api-key',
        timeoutMs: 1000,
      },
      secureCookies: false,
      sessionIdleSeconds: 900,
      sessionAbsoluteSeconds: 3600,
      webDir: 'dist/web',
      management: { baseUrl: 'http://127.0.0.1:9', key: 'mg_census', orgId: 'org' },
      onRoute: (route) => routes.push(route),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('finds the console’s /api routes, each with both declarations', () => {
    const api = routes.filter((route) => isApi(route.url));
    const names = api.map((route) => `${String(route.method)} ${route.url}`);
    // The census is of the real app: the proxy, sign-in and the admins' calls are among them.
    expect(names).toEqual(
      expect.arrayContaining([
        'GET,POST,PATCH,PUT,DELETE /api/lab/*',
        'POST /api/session',
        'GET /api/admin/accounts',
        'GET /api/live',
      ]),
    );
    expect(api.length).toBeGreaterThan(30);
    const lacking = api.filter((route) => undeclared(route) !== null).map((r) => r.url);
    expect(lacking).toEqual([]);
  });

  it('names only permissions the console knows, and a reason for every exception', () => {
    for (const route of routes.filter((r) => isApi(r.url))) {
      const { access, audit } = route.config as { access: unknown; audit: unknown };
      const where = `${String(route.method)} ${route.url}`;
      if (typeof access === 'string' || Array.isArray(access)) {
        for (const permission of [access].flat()) {
          expect(Object.keys(PERMISSIONS), where).toContain(permission);
        }
      } else {
        const rule = access as Record<string, unknown>;
        const reason = rule.signedIn ?? rule.public;
        if (reason !== undefined) {
          expect(typeof reason, where).toBe('string');
          expect((reason as string).length, where).toBeGreaterThan(10);
        } else expect(typeof rule.resolve, where).toBe('function');
      }
      const plan = audit as Record<string, unknown>;
      if ('none' in plan) {
        expect(typeof plan.none, where).toBe('string');
        expect((plan.none as string).length, where).toBeGreaterThan(10);
      } else if (!('resolve' in plan)) expect(typeof plan.recordType, where).toBe('string');
    }
  });
});

describe('an undeclared /api route', () => {
  const withRoute = async (route: RouteOptions) => {
    const store = await openStore({ dialect: 'sqlite', file: ':memory:' });
    const app = Fastify();
    try {
      await app.register(accessPlugin, { store });
      // eslint-disable-next-line @typescript-eslint/require-await -- an async plugin turns the throw into a failed start
      await app.register(async (scope) => {
        scope.route(route);
      });
      await app.ready();
    } finally {
      await app.close();
      await store.close();
    }
  };
  const handler = () => ({});

  it('stops start-up when it declares neither', async () => {
    await expect(withRoute({ method: 'GET', url: '/api/forgotten', handler })).rejects.toThrow(
      'GET /api/forgotten declares no access and audit',
    );
  });

  it('stops start-up when it declares access but not its audit', async () => {
    await expect(
      withRoute({
        method: 'POST',
        url: '/api/half',
        config: { access: 'orders.read' },
        handler,
      }),
    ).rejects.toThrow('POST /api/half declares no audit');
  });

  it('lets a route outside /api be, and a declared one start', async () => {
    await expect(withRoute({ method: 'GET', url: '/healthz-like', handler })).resolves.toBe(
      undefined,
    );
    await expect(
      withRoute({
        method: 'GET',
        url: '/api/declared',
        config: { access: 'orders.read', audit: { none: 'a test route that reads nothing' } },
        handler,
      }),
    ).resolves.toBe(undefined);
  });
});
