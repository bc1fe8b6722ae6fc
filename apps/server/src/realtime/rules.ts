// Security rules of the realtime database (DESIGN.md §7), applied to every read and write of the hub and the REST
// fallback, and to onDisconnect actions both when they are armed and when they run:
// - a player (ID token of a player account, uid = player id) reads players/{self}/** and writes only the branches
//   of PLAYER_WRITABLE_BRANCHES below it: never its action_flags (acknowledged through the API), pairing, app,
//   logging or overridden_player, never the document itself (a write there would cover those), never another
//   player's subtree;
// - an operator (ID token of an operator account) reads players/{p}/** of the players paired to a screen of their
//   organisation, and writes nothing: operators change players through the management API;
// - everyone else, and every path outside players/, is denied.

import { DOCUMENT_DEPTH } from './documentPath';

export const PLAYERS_ROOT = 'players';

/**
 * Branches of players/{self} the player itself writes: its connection record (SPEC.md §4), its settings (name and
 * orientation from the sidebar, SPEC.md §4) and `device`, its device record (SPEC.md §3 "Device (player) record"),
 * which the player may keep in the tree for the studio to show.
 */
export const PLAYER_WRITABLE_BRANCHES: readonly string[] = ['connection', 'settings', 'device'];

/** Who is asking, from a verified ID token. */
export type Principal =
  { kind: 'player'; uid: string } | { kind: 'operator'; uid: string; orgId: string | null };

export function samePrincipal(a: Principal | null, b: Principal | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind || a.uid !== b.uid) return false;
  return a.kind === 'player' || a.orgId === (b as typeof a).orgId;
}

export class RealtimeRules {
  constructor(private readonly orgOfPlayer: (playerId: string) => Promise<string | null>) {}

  /** May `principal` write the node at `segments` (and so everything below it)? */
  mayWrite(principal: Principal | null, segments: readonly string[]): boolean {
    if (principal?.kind !== 'player') return false;
    return (
      segments.length > DOCUMENT_DEPTH &&
      segments[0] === PLAYERS_ROOT &&
      segments[1] === principal.uid &&
      PLAYER_WRITABLE_BRANCHES.includes(segments[DOCUMENT_DEPTH] as string)
    );
  }

  /** May `principal` read the node at `segments` (a document or a place inside one)? */
  async mayRead(principal: Principal | null, segments: readonly string[]): Promise<boolean> {
    if (principal === null || segments.length < DOCUMENT_DEPTH || segments[0] !== PLAYERS_ROOT) return false;
    const playerId = segments[1] as string;
    if (principal.kind === 'player') return playerId === principal.uid;
    if (principal.orgId === null) return false;
    return (await this.orgOfPlayer(playerId)) === principal.orgId;
  }
}
