// Signing in through an organisation's OpenID provider (docs/teams.md §Single sign-on). The start names a member's
// email; their organisation's provider is asked to authenticate them (authorization code flow, PKCE S256, a nonce),
// with what is needed to check its answer kept in sso_logins (so the answer may land on any node). The callback
// takes that row once (a replayed state finds nothing), exchanges the code, and maps the ID token's email to a
// member of THAT organisation, who gets a Marquee session. The browser is sent back to the studio with the session,
// or the reason it failed, in the URL's fragment: browsers do not send fragments, so no server or proxy logs it.

import type { Kysely } from 'kysely';
import type { SessionAnswer } from '@marquee/management-api';
import type { Database } from '../db/schema';
import { DomainError, invalid } from '../domain/errors';
import {
  ProviderUnusable,
  authorizationUrl,
  discoverProvider,
  exchangeCode,
  newChecks,
  type ProviderSettings,
} from './oidcClient';
import { ssoRedirectUri } from './ssoSettings';

/** How long a sign-in may take at the provider before its state is refused. */
export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;

/** Why a callback failed: the code the studio reads from `#ssoError=`, with a readable message beside it. */
export type SsoFailureCode =
  | 'SSO_STATE_UNKNOWN'
  | 'SSO_OTHER_BROWSER'
  | 'SSO_EXPIRED'
  | 'SSO_DENIED'
  | 'SSO_NOT_AVAILABLE'
  | 'SSO_PROVIDER_ERROR'
  | 'SSO_NO_EMAIL'
  | 'SSO_EMAIL_UNVERIFIED'
  | 'SSO_NOT_A_MEMBER'
  | 'SSO_ACCOUNT_DISABLED';

class SsoFailure extends Error {
  constructor(
    readonly code: SsoFailureCode,
    message: string,
    /** The address the provider signed in, when it is the reason. */
    readonly email?: string,
  ) {
    super(message);
  }
}

/** Where the callback sends the browser, and why it failed (for the server's log: the studio shows its own text). */
export interface SsoCallbackResult {
  location: string;
  failure?: { code: SsoFailureCode; reason: string };
}

/** An OAuth error code as the provider sent it (lower-case letters and underscores), never its free text. */
const OAUTH_ERROR = /^[a-z_]{1,64}$/;

const NOT_AVAILABLE = 'Single sign-on is not set up for this address';

export interface SsoCallbackParams {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

export interface SsoSignInOptions {
  db: Kysely<Database>;
  clock: () => number;
  publicUrl: string;
  /** Issues the Marquee session of a member the provider vouched for (OperatorService.signInVouched). */
  startSession: (uid: string) => Promise<SessionAnswer>;
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export class SsoSignIn {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly publicUrl: string;
  private readonly redirectUri: string;
  private readonly startSession: (uid: string) => Promise<SessionAnswer>;

  constructor(options: SsoSignInOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.publicUrl = options.publicUrl;
    this.redirectUri = ssoRedirectUri(options.publicUrl);
    this.startSession = options.startSession;
  }

  /**
   * Where to send the browser to sign `email` in: their organisation's provider. An unknown address and an
   * organisation without a provider are refused alike (400 SSO_NOT_AVAILABLE), so the answer confirms no account.
   */
  async start(email: string): Promise<{ location: string; state: string }> {
    const address = email.trim().toLowerCase();
    const row = await this.db
      .selectFrom('users')
      .innerJoin('org_sso', 'org_sso.org_id', 'users.org_id')
      .select(['org_sso.org_id', 'org_sso.issuer', 'org_sso.client_id', 'org_sso.client_secret'])
      .where('users.email', '=', address)
      .executeTakeFirst();
    if (row === undefined) throw invalid('SSO_NOT_AVAILABLE', NOT_AVAILABLE, 'email');
    let config;
    try {
      config = await discoverProvider(this.settingsOf(row));
    } catch (error) {
      if (!(error instanceof ProviderUnusable)) throw error;
      throw invalid(
        'SSO_PROVIDER_UNAVAILABLE',
        `Your organisation's sign-in provider cannot be used now (${error.reason}): try again later or sign in with your password`,
        'email',
      );
    }
    const checks = newChecks();
    const now = this.clock();
    // Sign-ins never finished are removed here, so the table holds only the last ten minutes' worth.
    await this.db
      .deleteFrom('sso_logins')
      .where('created_at', '<', now - SSO_LOGIN_TTL_MS)
      .execute();
    await this.db
      .insertInto('sso_logins')
      .values({
        state: checks.state,
        org_id: row.org_id,
        code_verifier: checks.codeVerifier,
        nonce: checks.nonce,
        created_at: now,
      })
      .execute();
    const location = (await authorizationUrl(config, checks, this.redirectUri, address)).href;
    return { location, state: checks.state };
  }

  /**
   * Where to send the browser back to from the provider: the studio, with the session or the failure's code (and
   * the address, when it is the reason). The studio words the failure itself: anyone can write a fragment, so it
   * shows no text from it.
   */
  async callback(params: SsoCallbackParams, browserState: string | null): Promise<SsoCallbackResult> {
    try {
      const session = await this.finish(params, browserState);
      return { location: `${this.publicUrl}/studio/signin#sso=${base64url(JSON.stringify(session))}` };
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      const fragment = new URLSearchParams({
        ssoError: error.code,
        message: error.message,
        ...(error.email === undefined ? {} : { email: error.email }),
      });
      return {
        location: `${this.publicUrl}/studio/signin#${fragment.toString()}`,
        failure: { code: error.code, reason: error.message },
      };
    }
  }

  private async finish(params: SsoCallbackParams, browserState: string | null): Promise<SessionAnswer> {
    const unknown = new SsoFailure(
      'SSO_STATE_UNKNOWN',
      'This sign-in link was already used or is not ours: start the sign-in again',
    );
    if (params.state === undefined || params.state === '') throw unknown;
    // Left for the browser it belongs to, which may still finish (ssoStateCookie.ts).
    if (browserState !== params.state) {
      throw new SsoFailure(
        'SSO_OTHER_BROWSER',
        'This sign-in was started in another browser: start it again here',
      );
    }
    // Taken and removed in one statement: of two callbacks with the same state, only one finds it.
    const login = await this.db
      .deleteFrom('sso_logins')
      .where('state', '=', params.state)
      .returningAll()
      .executeTakeFirst();
    if (login === undefined) throw unknown;
    if (login.created_at < this.clock() - SSO_LOGIN_TTL_MS) {
      throw new SsoFailure('SSO_EXPIRED', 'The sign-in took longer than 10 minutes: start it again');
    }
    if (params.error !== undefined) {
      const code = OAUTH_ERROR.test(params.error) ? ` (${params.error})` : '';
      throw new SsoFailure('SSO_DENIED', `Your sign-in provider refused the sign-in${code}`);
    }
    const org = await this.db
      .selectFrom('orgs')
      .innerJoin('org_sso', 'org_sso.org_id', 'orgs.id')
      .select(['orgs.id', 'orgs.name', 'org_sso.issuer', 'org_sso.client_id', 'org_sso.client_secret'])
      .where('orgs.id', '=', login.org_id)
      .executeTakeFirst();
    if (org === undefined) throw new SsoFailure('SSO_NOT_AVAILABLE', NOT_AVAILABLE);
    let claims;
    try {
      const config = await discoverProvider(this.settingsOf(org));
      claims = await exchangeCode(
        config,
        this.redirectUri,
        { code: params.code, state: params.state, iss: params.iss },
        { state: login.state, nonce: login.nonce, codeVerifier: login.code_verifier },
      );
    } catch (error) {
      if (!(error instanceof ProviderUnusable)) throw error;
      throw new SsoFailure(
        'SSO_PROVIDER_ERROR',
        `The sign-in provider's answer was refused: ${error.reason}`,
      );
    }
    if (claims.email === null) {
      throw new SsoFailure('SSO_NO_EMAIL', 'Your sign-in provider did not tell us your email address');
    }
    // A provider that says the address is not verified is not trusted with it; one that does not say is (the
    // organisation chose it, and several enterprise providers never send the claim).
    if (claims.emailVerified === false) {
      throw new SsoFailure(
        'SSO_EMAIL_UNVERIFIED',
        `Your sign-in provider has not verified the address ${claims.email}`,
        claims.email,
      );
    }
    const address = claims.email.trim().toLowerCase();
    const member = await this.db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', org.id)
      .where('email', '=', address)
      .executeTakeFirst();
    if (member === undefined) {
      throw new SsoFailure(
        'SSO_NOT_A_MEMBER',
        `No member of ${org.name} has the address ${address}: ask an admin to invite you`,
        address,
      );
    }
    try {
      return await this.startSession(member.id);
    } catch (error) {
      if (error instanceof DomainError) throw new SsoFailure('SSO_ACCOUNT_DISABLED', error.message);
      throw error;
    }
  }

  private settingsOf(row: { issuer: string; client_id: string; client_secret: string }): ProviderSettings {
    return { issuer: row.issuer, clientId: row.client_id, clientSecret: row.client_secret };
  }
}
