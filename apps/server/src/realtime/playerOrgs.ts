// Which organisation a player belongs to (players.org_id), for the operators' read rule. Looked up on demand and
// cached briefly: a listen burst of a studio page asks for the same players many times. A pairing change that this
// node hears of (the hub watches the player's document) forgets the entry at once; one it cannot hear of shows
// within the cache time, or at once to a caller that asks for a fresh answer.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const PLAYER_ORG_CACHE_MS = 5_000;
export const PLAYER_ORG_CACHE_ENTRIES = 100_000;

export interface PlayerOrgCacheOptions {
  db: Kysely<Database>;
  /** Monotonic milliseconds. */
  now?: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

export class PlayerOrgCache {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** Insertion order is age order: the oldest entries go first when the cache is full. */
  private readonly entries = new Map<string, { orgId: string | null; expiresAt: number }>();
  /** Lookups in flight, shared by concurrent callers. */
  private readonly pending = new Map<string, Promise<string | null>>();

  constructor(options: PlayerOrgCacheOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => performance.now());
    this.ttlMs = options.ttlMs ?? PLAYER_ORG_CACHE_MS;
    this.maxEntries = options.maxEntries ?? PLAYER_ORG_CACHE_ENTRIES;
  }

  /** The player's organisation, or null for an unpaired or unknown player. `fresh` skips the cache. */
  orgOf(playerId: string, { fresh = false }: { fresh?: boolean } = {}): Promise<string | null> {
    if (fresh) this.forget(playerId);
    const cached = this.entries.get(playerId);
    if (cached !== undefined && cached.expiresAt > this.now()) return Promise.resolve(cached.orgId);
    const inFlight = this.pending.get(playerId);
    if (inFlight !== undefined) return inFlight;
    // A lookup started before a forget may have read the old organisation: it answers its callers, no one else.
    const current = () => this.pending.get(playerId) === lookup;
    const lookup: Promise<string | null> = this.lookup(playerId).then(
      (orgId) => {
        if (current()) {
          this.pending.delete(playerId);
          this.remember(playerId, orgId);
        }
        return orgId;
      },
      (error: unknown) => {
        if (current()) this.pending.delete(playerId);
        throw error;
      },
    );
    this.pending.set(playerId, lookup);
    return lookup;
  }

  /** Drops what is known of the player's organisation, and any lookup in flight, after a pairing change. */
  forget(playerId: string): void {
    this.entries.delete(playerId);
    this.pending.delete(playerId);
  }

  private async lookup(playerId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('players')
      .select('org_id')
      .where('id', '=', playerId)
      .executeTakeFirst();
    return row?.org_id ?? null;
  }

  private remember(playerId: string, orgId: string | null): void {
    this.entries.delete(playerId);
    this.entries.set(playerId, { orgId, expiresAt: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
