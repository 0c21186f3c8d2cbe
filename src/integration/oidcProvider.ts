import { createServer, type Server } from 'node:http';
import Provider, { type ProviderContext } from 'oidc-provider';

/*
 * A real OpenID provider (oidc-provider) on a loopback port for the single sign-on tests.
 * Its login screen is replaced by a switch the test sets: whoever `signInAs` names is
 * signed in when the browser reaches the interaction. Everything else — authorization
 * codes used once, PKCE, state, signed ID tokens, userinfo — is the provider's own.
 */

export interface Person {
  sub: string;
  email: string;
  name: string;
  groups: string[];
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signInAs(person: Person): void;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<LocalProvider> {
  const people = new Map<string, Person>();
  let current: Person | null = null;
  const clientId = 'lab-console';
  const clientSecret = 'a-long-enough-client-secret-for-the-tests';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ ...person, email_verified: true }),
      };
    },
    // The console is the provider's own client: no consent screen.
    loadExistingGrant: async (ctx: ProviderContext) => {
      if (!ctx.oidc.session.accountId) return undefined;
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['local-provider-cookie-key'] },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    void (async () => {
      await provider.interactionDetails(req, res);
      if (!current) {
        res.statusCode = 400;
        res.end('nobody to sign in');
        return;
      }
      people.set(current.sub, current);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: current.sub } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(error instanceof Error ? error.message : 'interaction failed');
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(person) {
      current = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
