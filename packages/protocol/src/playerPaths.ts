// The typed paths of the player document (docs/data-model.md §The player document), apart from its schema
// (playerDocument.ts) so that the players name them without carrying zod in their bundles.

import type { PlayerBranch } from './playerDocument';
import { validateKey } from './realtimePath';

/** The collection that holds one document per player. */
export const PLAYERS_ROOT = 'players';

/** `players/{playerId}`. Throws (invalid_path) unless the id is one realtime key. */
export function playerDocumentPath(playerId: string): string {
  validateKey(playerId, [PLAYERS_ROOT]);
  return `${PLAYERS_ROOT}/${playerId}`;
}

/**
 * `players/{playerId}/{branch}` and, below it, the keys of `below`, e.g. playerBranchPath(id, 'action_flags',
 * 'reboot'). Throws (invalid_path) unless the id and every key of `below` is one realtime key.
 */
export function playerBranchPath(playerId: string, branch: PlayerBranch, ...below: string[]): string {
  const document = playerDocumentPath(playerId);
  const segments = [PLAYERS_ROOT, playerId, branch];
  for (const key of below) {
    validateKey(key, segments);
    segments.push(key);
  }
  return [document, branch, ...below].join('/');
}
