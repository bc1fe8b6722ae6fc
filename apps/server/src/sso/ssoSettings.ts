// An organisation's single sign-on provider (docs/teams.md §Single sign-on): set by an admin (the provider is
// checked by discovery before anything is stored), read back without its secret, removed. Every change is in the
// audit log, in the same transaction, with the secret left out.

import type { Kysely } from 'kysely';
import type { SsoConfigRequest, SsoConfigView } from '@marquee/management-api';
import { recordChange } from '../audit/auditRecord';
import type { Database } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import type { Operator } from '../operators/operatorService';
import { ProviderUnusable, discoverProvider, type ProviderSettings } from './oidcClient';

/** The redirect URI every organisation registers with its provider: one callback for all. */
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/api/v1/auth/sso/callback`;

export interface SsoSettingsOptions {
  db: Kysely<Database>;
  clock: () => number;
  publicUrl: string;
  /** Checks a provider before it is stored (default: OpenID discovery). */
  discover?: (settings: ProviderSettings) => Promise<unknown>;
}

export class SsoSettings {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly redirectUri: string;
  private readonly discover: (settings: ProviderSettings) => Promise<unknown>;

  constructor(options: SsoSettingsOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.redirectUri = ssoRedirectUri(options.publicUrl);
    this.discover = options.discover ?? discoverProvider;
  }

  async get(orgId: string): Promise<{ sso: SsoConfigView | null }> {
    const row = await this.db
      .selectFrom('org_sso')
      .select(['issuer', 'client_id', 'updated_at'])
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return { sso: row === undefined ? null : this.view(row) };
  }

  /** Checks the provider by discovery (400 naming `issuer` with the reason), then stores it. */
  async put(operator: Operator, request: SsoConfigRequest): Promise<{ sso: SsoConfigView }> {
    const settings = {
      issuer: request.issuer,
      clientId: request.clientId.trim(),
      clientSecret: request.clientSecret,
    };
    try {
      await this.discover(settings);
    } catch (error) {
      if (!(error instanceof ProviderUnusable)) throw error;
      throw invalid(
        'SSO_ISSUER_UNUSABLE',
        `The issuer ${settings.issuer} is not a usable OpenID provider: ${error.reason}`,
        'issuer',
      );
    }
    const now = this.clock();
    const row = { issuer: settings.issuer, client_id: settings.clientId, updated_at: now };
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('org_sso')
        .select(['issuer', 'client_id'])
        .where('org_id', '=', operator.orgId)
        .executeTakeFirst();
      await trx
        .insertInto('org_sso')
        .values({ org_id: operator.orgId, client_secret: settings.clientSecret, ...row })
        .onConflict((conflict) =>
          conflict.column('org_id').doUpdateSet({ ...row, client_secret: settings.clientSecret }),
        )
        .execute();
      await recordChange(
        trx,
        operator,
        {
          action: 'sso.update',
          target: { type: 'sso', id: operator.orgId },
          before: before === undefined ? null : { issuer: before.issuer, clientId: before.client_id },
          after: { issuer: settings.issuer, clientId: settings.clientId },
        },
        now,
      );
    });
    return { sso: this.view(row) };
  }

  /** Removes the provider: members sign in with their passwords again. 404 when there is none. */
  async delete(operator: Operator): Promise<{ deleted: string }> {
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .deleteFrom('org_sso')
        .where('org_id', '=', operator.orgId)
        .returning(['issuer', 'client_id'])
        .executeTakeFirst();
      if (before === undefined) {
        throw notFound('SSO_NOT_FOUND', 'This organisation has no single sign-on provider');
      }
      await recordChange(
        trx,
        operator,
        {
          action: 'sso.delete',
          target: { type: 'sso', id: operator.orgId },
          before: { issuer: before.issuer, clientId: before.client_id },
        },
        now,
      );
    });
    return { deleted: operator.orgId };
  }

  private view(row: { issuer: string; client_id: string; updated_at: number }): SsoConfigView {
    return {
      issuer: row.issuer,
      clientId: row.client_id,
      redirectUri: this.redirectUri,
      updatedAt: row.updated_at,
    };
  }
}
