// The relying party's side of OpenID Connect (docs/teams.md §Single sign-on), through `openid-client` (certified,
// maintained): discovery of an organisation's provider, the authorization URL with PKCE, and the code exchange
// whose ID token the library validates (signature, issuer, audience, expiry, nonce). What this file adds is
// Marquee's policy: HTTPS issuers only (plain HTTP only on the loopback, for a provider on the same machine), a
// time limit on every request to the provider, and the client secret sent the standard way (HTTP Basic).

import * as client from 'openid-client';

/** Longest wait for any answer of a provider (discovery, keys, token exchange). */
export const PROVIDER_TIMEOUT_SECONDS = 5;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Why a provider could not be used; `reason` is readable and names no secret. */
export class ProviderUnusable extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ProviderUnusable';
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function issuerUrl(issuer: string): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new ProviderUnusable('it is not a URL');
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  throw new ProviderUnusable('it must be an https:// address');
}

/** A readable reason from what openid-client or fetch threw (a time-out, a refused connection, bad metadata). */
function reasonOf(error: unknown): string {
  if (error instanceof ProviderUnusable) return error.reason;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  if (error.name === 'TimeoutError' || cause?.name === 'TimeoutError') {
    return `it did not answer within ${PROVIDER_TIMEOUT_SECONDS} seconds`;
  }
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return `it could not be reached (${code})`;
  return error.message;
}

/** The provider's configuration from its discovery document; ProviderUnusable when it is not a usable provider. */
export async function discoverProvider(settings: ProviderSettings): Promise<client.Configuration> {
  const url = issuerUrl(settings.issuer);
  try {
    return await client.discovery(
      url,
      settings.clientId,
      undefined,
      client.ClientSecretBasic(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
  } catch (error) {
    throw new ProviderUnusable(reasonOf(error));
  }
}

/** What a sign-in keeps until the provider sends the browser back: the checks of its answer. */
export interface PendingChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newChecks(): PendingChecks {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization URL for one sign-in (code flow, PKCE S256, scope openid email). */
export async function authorizationUrl(
  config: client.Configuration,
  checks: PendingChecks,
  redirectUri: string,
  loginHint: string,
): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    login_hint: loginHint,
  });
}

/** The provider's claims about who signed in. */
export interface SignedInClaims {
  email: string | null;
  /** Undefined when the provider does not say. */
  emailVerified: boolean | undefined;
}

/**
 * Exchanges the code of the provider's answer (`params`: code, state, iss as received) with the PKCE verifier;
 * the library validates the answer's state and issuer and the ID token. ProviderUnusable on any failure.
 */
export async function exchangeCode(
  config: client.Configuration,
  redirectUri: string,
  params: Record<string, string | undefined>,
  checks: PendingChecks,
): Promise<SignedInClaims> {
  const currentUrl = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) currentUrl.searchParams.set(name, value);
  }
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (idToken === undefined) throw new ProviderUnusable('it sent no ID token');
    // A provider that follows OpenID Connect to the letter gives the email scope's claims at its userinfo endpoint
    // when it issues an access token, not in the ID token; others put them in the ID token.
    const claims =
      typeof idToken.email === 'string'
        ? idToken
        : await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    return {
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    };
  } catch (error) {
    throw new ProviderUnusable(reasonOf(error));
  }
}
