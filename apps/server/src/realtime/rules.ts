// Security rules of the realtime database (docs/security.md §Players, §Operators), applied to every read and write
// of the hub and the REST fallback, and to onDisconnect actions both when they are armed and when they run:
// - a player (ID token of a player account, uid = player id) reads players/{self}/** and writes only the branches
//   of PLAYER_WRITABLE_BRANCHES below it: never its action_flags (acknowledged through the API), pairing, app,
//   logging or overridden_player, never the document itself (a write there would cover those), never another
//   player's subtree; what it writes must fit the branch's schema (playerShape.ts);
// - an operator (ID token of an operator account) reads players/{p}/** of the players paired to a screen of their
//   organisation, and writes nothing: operators change players through the management API. A listen stops as soon
//   as that is no longer so (ACCESS_BRANCHES);
// - everyone else, and every path outside players/, is denied.

import { PLAYERS_ROOT, type PlayerBranch } from '@marquee/protocol';
import { DOCUMENT_DEPTH } from './documentPath';

/**
 * Branches of players/{self} the player itself writes: its connection record (docs/player.md §Connection states),
 * its settings (name and orientation from the sidebar) and `device`, its device record, which the player may keep
 * in the tree for the studio to show.
 */
export const PLAYER_WRITABLE_BRANCHES: readonly PlayerBranch[] = ['connection', 'settings', 'device'];

/**
 * Branches whose change may change who may read the document: pairing and unpairing rewrite pairing/code (and a
 * hard reset removes the whole document), after the player's organisation changed in the database.
 */
export const ACCESS_BRANCHES: readonly PlayerBranch[] = ['pairing'];

/** Who is asking, from a verified ID token. */
export type Principal =
  { kind: 'player'; uid: string } | { kind: 'operator'; uid: string; orgId: string | null };

export function samePrincipal(a: Principal | null, b: Principal | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind || a.uid !== b.uid) return false;
  return a.kind === 'player' || a.orgId === (b as typeof a).orgId;
}

export interface OrgLookup {
  /** `fresh`: read the database rather than a cached answer. */
  (playerId: string, options?: { fresh?: boolean }): Promise<string | null>;
}

export class RealtimeRules {
  constructor(private readonly orgOfPlayer: OrgLookup) {}

  /** May `principal` write the node at `segments` (and so everything below it)? */
  mayWrite(principal: Principal | null, segments: readonly string[]): boolean {
    if (principal?.kind !== 'player') return false;
    return (
      segments.length > DOCUMENT_DEPTH &&
      segments[0] === PLAYERS_ROOT &&
      segments[1] === principal.uid &&
      (PLAYER_WRITABLE_BRANCHES as readonly string[]).includes(segments[DOCUMENT_DEPTH] as string)
    );
  }

  /**
   * May `principal` read the node at `segments` (a document or a place inside one)? `fresh` asks the database for
   * the player's organisation, for a caller who cannot trust the cache to have heard of a pairing change.
   */
  async mayRead(
    principal: Principal | null,
    segments: readonly string[],
    options: { fresh?: boolean } = {},
  ): Promise<boolean> {
    if (principal === null || segments.length < DOCUMENT_DEPTH || segments[0] !== PLAYERS_ROOT) return false;
    const playerId = segments[1] as string;
    if (principal.kind === 'player') return playerId === principal.uid;
    if (principal.orgId === null) return false;
    return (await this.orgOfPlayer(playerId, options)) === principal.orgId;
  }
}
