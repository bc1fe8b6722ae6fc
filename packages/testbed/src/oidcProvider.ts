// A real OpenID Connect provider for tests (docs/teams.md §Single sign-on): panva's certified `oidc-provider` on a
// free 127.0.0.1 port, with the clients and accounts a test names. Its own development login pages are off; in
// their place a small login page of ours: GET /interaction/<uid> shows a form with one email field, and posting it
// to /interaction/<uid>/login signs that account in and grants the client's request, so a test completes the
// authorization code flow by HTTP (or a browser by clicking) without any mock.

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider, { type ClientMetadata } from 'oidc-provider';
import { LOOPBACK } from './freePort';

export interface OidcAccount {
  /** The provider's subject; default: the email. */
  sub?: string;
  email: string;
  /** The `email_verified` claim; omitted from the ID token when undefined. */
  emailVerified?: boolean;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcProviderServer {
  /** http://127.0.0.1:<port>, the provider's issuer (discovery at /.well-known/openid-configuration). */
  issuer: string;
  /** Authorization requests seen, as their query parameters (what a relying party sent). */
  authorizations: URLSearchParams[];
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, hint: string): string {
  return `<!doctype html><html><head><title>Test provider sign-in</title></head><body>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input name="email" type="email" value="${escapeHtml(hint)}"></label>
<button type="submit">Sign in</button>
</form></body></html>`;
}

async function formBody(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts a provider for `clients`, whose users are `accounts`. */
export async function startOidcProvider(options: {
  clients: OidcClient[];
  accounts: OidcAccount[];
}): Promise<OidcProviderServer> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address !== 'object') throw new Error('the provider has no port');
  const issuer = `http://${LOOPBACK}:${address.port}`;

  const bySub = new Map(options.accounts.map((account) => [account.sub ?? account.email, account]));
  const byEmail = new Map(options.accounts.map((account) => [account.email.toLowerCase(), account]));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: options.clients.map((client): ClientMetadata => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Lifetimes of the provider's own records, set so it does not warn about its defaults.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = bySub.get(sub);
      if (account === undefined) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          ...(account.emailVerified === undefined ? {} : { email_verified: account.emailVerified }),
        }),
      };
    },
  });
  const providerCallback = provider.callback();
  const authorizations: URLSearchParams[] = [];

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (interaction === null) {
      if (url.pathname === '/auth') authorizations.push(url.searchParams);
      providerCallback(request, response);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      if (interaction[2] === undefined) {
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(loginPage(details.uid, hint));
        return;
      }
      const email = (await formBody(request)).get('email')?.toLowerCase() ?? '';
      const account = byEmail.get(email);
      if (account === undefined) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(`no account ${email}`);
        return;
      }
      const accountId = account.sub ?? account.email;
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  return {
    issuer,
    authorizations,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
