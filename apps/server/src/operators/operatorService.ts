// Operators (docs/management-api.md §Authentication): sign-up makes an organisation and its first operator, sign-in
// answers a session (the identity service's ID and refresh tokens, with the operator's organisation), and every
// other management call is authenticated by the operator's ID token. The organisation is read from the database on
// every call, never trusted from the token.

import type { Kysely } from 'kysely';
import type { Me, Role, SessionAnswer, SignInRequest } from '@marquee/management-api';
import { checkPassword, describeUnmetRequirements } from '@marquee/protocol';
import type { Database } from '../db/schema';
import { conflict, forbidden, invalid, tooManyAttempts, unauthenticated } from '../domain/errors';
import { newId } from '../ids';
import { IdentityError } from '../identity/identityErrors';
import type { IdentityService, TokenBundle } from '../identity/identityService';

/** Who made a management call: a member (a person) or one of the organisation's API keys. */
export interface Actor {
  kind: 'member' | 'apiKey';
  /** The member's or the key's id. */
  id: string;
  /** The member's email or the key's name. */
  name: string;
}

/** The operator behind a management call: the organisation it acts in, with which role, as whom. */
export interface Operator {
  /** The member's id, or the key's. */
  uid: string;
  email: string | null;
  orgId: string;
  /** As stored now: a role changed by an admin applies to the very next call. */
  role: Role;
  actor: Actor;
  /** The client address the call came from (for the audit log); null when not made over HTTP. */
  ip: string | null;
}

export interface SignUp {
  email: string;
  password: string;
  /** The new organisation's name (trimmed, not empty). */
  orgName: string;
}

const TOKEN_ERRORS: Partial<Record<IdentityError['code'], [string, string]>> = {
  TOKEN_EXPIRED: ['TOKEN_EXPIRED', 'The ID token has expired or was revoked: sign in again'],
  USER_NOT_FOUND: ['ACCOUNT_NOT_FOUND', 'The account of this ID token no longer exists'],
};

/** The identity service's refusals of a sign-up or sign-in, each naming the field to blame. */
export function fromIdentityError(error: unknown): unknown {
  if (!(error instanceof IdentityError)) return error;
  switch (error.code) {
    case 'EMAIL_EXISTS':
      return conflict('EMAIL_EXISTS', 'An account with this email address already exists');
    case 'MISSING_EMAIL':
    case 'INVALID_EMAIL':
      return invalid('INVALID_EMAIL', 'The email address is not valid', 'email');
    case 'MISSING_PASSWORD':
      return invalid('MISSING_PASSWORD', 'The password must not be empty', 'password');
    case 'WEAK_PASSWORD':
      return invalid('WEAK_PASSWORD', error.detail ?? 'The password is too weak', 'password');
    case 'INVALID_LOGIN_CREDENTIALS':
      return unauthenticated('INVALID_CREDENTIALS', 'Wrong email address or password');
    case 'USER_DISABLED':
      return forbidden('ACCOUNT_DISABLED', 'This account is disabled');
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return tooManyAttempts(
        'TOO_MANY_ATTEMPTS',
        error.detail ?? 'Too many failed sign-ins for this account: try again later',
        error.retryAfterSeconds ?? 1,
      );
    default:
      return invalid(error.code, error.message);
  }
}

export class OperatorService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly identity: IdentityService,
    private readonly clock: () => number,
  ) {}

  /** Creates an organisation and its first operator, and signs them in. Nothing is left of a refused sign-up. */
  async signUp(request: SignUp): Promise<SessionAnswer> {
    const check = checkPassword(request.password, this.identity.passwordPolicy);
    if (!check.ok) {
      throw invalid('WEAK_PASSWORD', describeUnmetRequirements(check.unmet), 'password', {
        requirements: check.unmet,
      });
    }
    const now = this.clock();
    const orgId = newId(now);
    await this.db
      .insertInto('orgs')
      .values({
        id: orgId,
        name: request.orgName,
        allow_clone_screen_by_hardware_id: 0,
        exempt_from_duplicate_checks: 0,
        created_at: now,
      })
      .execute();
    let bundle: TokenBundle;
    try {
      bundle = await this.identity.signUp(request.email, request.password, orgId);
    } catch (error) {
      await this.db.deleteFrom('orgs').where('id', '=', orgId).execute();
      throw fromIdentityError(error);
    }
    return this.session(bundle);
  }

  async signIn(request: SignInRequest): Promise<SessionAnswer> {
    let bundle: TokenBundle;
    try {
      bundle = await this.identity.signInWithPassword(request.email, request.password);
    } catch (error) {
      throw fromIdentityError(error);
    }
    return this.session(bundle);
  }

  /** A session for a member their organisation's OpenID provider vouched for (single sign-on): no password. */
  async signInVouched(uid: string): Promise<SessionAnswer> {
    let bundle: TokenBundle;
    try {
      bundle = await this.identity.signInOperator(uid);
    } catch (error) {
      throw fromIdentityError(error);
    }
    return this.session(bundle);
  }

  /** The operator of an ID token: 401 for a bad, expired or revoked one, 403 for anyone but an operator. */
  async authenticate(idToken: string, ip: string | null = null): Promise<Operator> {
    let verified;
    try {
      verified = await this.identity.verifyIdToken(idToken);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      if (error.code === 'USER_DISABLED') throw forbidden('ACCOUNT_DISABLED', 'This account is disabled');
      const [code, message] = TOKEN_ERRORS[error.code] ?? ['INVALID_TOKEN', 'The ID token is not valid'];
      throw unauthenticated(code, message);
    }
    if (verified.kind !== 'operator') {
      throw forbidden('NOT_AN_OPERATOR', 'This API is for operators: sign in with an email and a password');
    }
    if (verified.orgId === null) {
      throw forbidden('NO_ORGANISATION', 'This account does not belong to an organisation');
    }
    return {
      uid: verified.uid,
      email: verified.email,
      orgId: verified.orgId,
      role: verified.role ?? 'viewer',
      actor: { kind: 'member', id: verified.uid, name: verified.email ?? verified.uid },
      ip,
    };
  }

  /** The operator and their organisation. */
  async me(operator: Operator): Promise<Me> {
    const org = await this.db
      .selectFrom('orgs')
      .select(['id', 'name'])
      .where('id', '=', operator.orgId)
      .executeTakeFirstOrThrow();
    return {
      user: {
        id: operator.uid,
        email: operator.actor.kind === 'member' ? operator.email : operator.actor.name,
      },
      org,
      role: operator.role,
      actor: operator.actor.kind,
    };
  }

  /** The answer of a signed-in session (sign-in, sign-up, an accepted invitation, a changed password). */
  async session(bundle: TokenBundle): Promise<SessionAnswer> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('orgs', 'orgs.id', 'users.org_id')
      .select(['orgs.id as orgId', 'orgs.name as orgName'])
      .where('users.id', '=', bundle.uid)
      .executeTakeFirst();
    return {
      idToken: bundle.idToken,
      refreshToken: bundle.refreshToken,
      expiresIn: bundle.expiresIn,
      user: { id: bundle.uid, email: bundle.email },
      org: row?.orgId && row.orgName !== null ? { id: row.orgId, name: row.orgName } : null,
    };
  }
}
