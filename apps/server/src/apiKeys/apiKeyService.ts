// API keys of an organisation (docs/teams.md §API keys): made by a member with at most their own role, answered
// once, stored as a SHA-256 (apiKeySecret.ts), listed with their last use, revoked at once. Every management call
// with a key looks the key up in the database, so a revocation holds on the very next call on every node. Making
// and revoking a key are audited in the change's transaction (never the key itself).

import type { Kysely } from 'kysely';
import {
  MAX_API_KEYS_PER_ORG,
  ROLES,
  roleAtLeast,
  type ApiKeyRequest,
  type ApiKeyView,
  type CreatedApiKey,
  type Role,
} from '@marquee/management-api';
import { recordChange } from '../audit/auditRecord';
import type { Database } from '../db/schema';
import { conflict, forbidden, notFound, unauthenticated } from '../domain/errors';
import { newId } from '../ids';
import type { Operator } from '../operators/operatorService';
import { apiKeyPrefix, hashApiKey, isWellFormedApiKey, newApiKey } from './apiKeySecret';

/**
 * A key's last use is written at most this often: a busy integration's calls are reads, and a write per call would
 * turn each into a write on the database every node shares. The list shows the last use to this minute.
 */
export const LAST_USE_RESOLUTION_MS = 60_000;

export interface ApiKeyServiceOptions {
  db: Kysely<Database>;
  clock: () => number;
}

/** What the management API's authentication asks of API keys (authenticate.ts). */
export interface ApiKeyAuthenticator {
  /** The operator a key acts as; 401 INVALID_API_KEY for an unknown or revoked key. */
  authenticate(key: string, ip: string | null): Promise<Operator>;
}

interface ApiKeyRow {
  id: string;
  name: string;
  role: string;
  prefix: string;
  created_by: string | null;
  created_at: number;
  last_used_at: number | null;
}

/** A stored role as a key may hold it: anything else (a hand-edited row) acts as the least role. */
function keyRole(stored: string): Exclude<Role, 'owner'> {
  const role = ROLES.find((known) => known === stored);
  return role === undefined || role === 'owner' ? 'viewer' : role;
}

function view(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    role: keyRole(row.role),
    prefix: row.prefix,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

const VIEW_COLUMNS = ['id', 'name', 'role', 'prefix', 'created_by', 'created_at', 'last_used_at'] as const;

export class ApiKeyService implements ApiKeyAuthenticator {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;

  constructor(options: ApiKeyServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
  }

  /** Makes a key for the operator's organisation; the answer is the only time the key is seen. */
  async create(operator: Operator, request: ApiKeyRequest): Promise<CreatedApiKey> {
    // A key never makes keys: otherwise one leaked admin key could mint others that outlive its revocation.
    if (operator.actor.kind !== 'member') {
      throw forbidden('MEMBERS_ONLY', 'API keys cannot make API keys: a member signs in to make one');
    }
    if (!roleAtLeast(operator.role, request.role)) {
      throw forbidden(
        'ROLE_ABOVE_YOURS',
        `A key has at most its maker's role: you have the ${operator.role} role, not ${request.role}`,
      );
    }
    const key = newApiKey();
    const now = this.clock();
    const row = {
      id: newId(now),
      org_id: operator.orgId,
      name: request.name.trim(),
      role: request.role,
      key_hash: hashApiKey(key),
      prefix: apiKeyPrefix(key),
      created_by: operator.uid,
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      const live = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', operator.orgId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live.count) >= MAX_API_KEYS_PER_ORG) {
        throw conflict(
          'TOO_MANY_API_KEYS',
          `An organisation has at most ${MAX_API_KEYS_PER_ORG} API keys; revoke one first`,
        );
      }
      await trx.insertInto('api_keys').values(row).execute();
      await recordChange(
        trx,
        operator,
        {
          action: 'apiKey.create',
          target: { type: 'apiKey', id: row.id },
          after: { name: row.name, role: row.role, prefix: row.prefix },
        },
        now,
      );
    });
    return { ...view(row), key };
  }

  /** The organisation's live keys, oldest first, without their secrets. */
  async list(orgId: string): Promise<ApiKeyView[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .select(VIEW_COLUMNS)
      .where('org_id', '=', orgId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(view);
  }

  /** Revokes a key of the operator's organisation: it is refused from the next call on. */
  async revoke(operator: Operator, id: string): Promise<{ deleted: string }> {
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('api_keys')
        .select(VIEW_COLUMNS)
        .where('id', '=', id)
        .where('org_id', '=', operator.orgId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Another organisation's key, an unknown one and a revoked one are answered alike.
      if (row === undefined) throw notFound('API_KEY_NOT_FOUND', 'There is no such API key', 'id');
      await trx
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      await recordChange(
        trx,
        operator,
        {
          action: 'apiKey.revoke',
          target: { type: 'apiKey', id },
          before: { name: row.name, role: keyRole(row.role), prefix: row.prefix },
        },
        now,
      );
    });
    return { deleted: id };
  }

  /**
   * The operator of a key. The lookup is by the key's hash, an indexed equality: no stored secret is compared
   * character by character, so there is no timing to learn from (and a near miss of a hash says nothing of a key).
   */
  async authenticate(key: string, ip: string | null): Promise<Operator> {
    if (!isWellFormedApiKey(key)) throw invalidKey();
    const row = await this.db
      .selectFrom('api_keys')
      .select(['id', 'org_id', 'name', 'role', 'last_used_at', 'revoked_at'])
      .where('key_hash', '=', hashApiKey(key))
      .executeTakeFirst();
    if (row === undefined) throw invalidKey();
    if (row.revoked_at !== null) throw unauthenticated('INVALID_API_KEY', 'This API key was revoked');
    const now = this.clock();
    const lastUsed = row.last_used_at === null ? null : Number(row.last_used_at);
    if (lastUsed === null || now - lastUsed >= LAST_USE_RESOLUTION_MS) {
      // Conditional, so calls racing on several nodes write it once.
      await this.db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', row.id)
        .where((eb) =>
          eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - LAST_USE_RESOLUTION_MS)]),
        )
        .execute();
    }
    return {
      uid: row.id,
      email: null,
      orgId: row.org_id,
      role: keyRole(row.role),
      actor: { kind: 'apiKey', id: row.id, name: row.name },
      ip,
    };
  }
}

function invalidKey() {
  return unauthenticated('INVALID_API_KEY', 'The API key is not valid');
}
