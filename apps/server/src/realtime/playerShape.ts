// The shape of a player's writes (docs/protocols/realtime.md §Rules): as Firebase's `.validate` rules judge the new
// data, a write by a player is judged on the document it would produce: every branch of players/{self} it touches
// must still fit that branch's schema (packages/protocol playerDocument.ts), or the write is refused with
// invalid_value naming the field, and changes nothing. Only the touched branches are parsed, and only for players:
// the server's own writes and every other branch cost nothing.

import {
  PLAYER_BRANCH_SCHEMAS,
  RealtimeValidationError,
  describePath,
  getAtPath,
  isPlayerBranch,
  joinPath,
  restoreArrays,
  type PlayerBranch,
  type RealtimeValue,
} from '@marquee/protocol';
import { DOCUMENT_DEPTH } from './documentPath';
import type { Principal } from './rules';
import { issueProblem, type SchemaIssue } from './schemaIssues';

/** Throws invalid_value unless `stored` (a branch of a player document, stored form) fits the branch's schema. */
export function checkPlayerBranch(
  docSegments: readonly string[],
  branch: string,
  stored: RealtimeValue,
): void {
  if (isPlayerBranch(branch)) checkBranch(docSegments, branch, stored);
}

function checkBranch(docSegments: readonly string[], branch: PlayerBranch, stored: RealtimeValue): void {
  const value = stored === null ? undefined : restoreArrays(stored);
  const parsed = PLAYER_BRANCH_SCHEMAS[branch].safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0] as SchemaIssue;
  const field = issue.path.map(String);
  const at = [...docSegments, branch, ...field];
  const missing = getAtPath(stored, field) === null;
  throw new RealtimeValidationError(
    'invalid_value',
    `Invalid value at path ${describePath(at)}: ${issueProblem(issue, missing)}`,
    joinPath(at),
  );
}

/**
 * The check of a write (WriteOptions.check) by `principal` at the absolute paths `written`, all inside one
 * document; undefined unless a player writes.
 */
export function playerShapeCheck(
  principal: Principal,
  written: readonly (readonly string[])[],
): ((document: RealtimeValue) => void) | undefined {
  if (principal.kind !== 'player' || written.length === 0) return undefined;
  const docSegments = written[0]!.slice(0, DOCUMENT_DEPTH);
  const branches: PlayerBranch[] = [];
  for (const segments of written) {
    const branch = segments[DOCUMENT_DEPTH];
    if (isPlayerBranch(branch) && !branches.includes(branch)) branches.push(branch);
  }
  if (branches.length === 1) {
    const [branch] = branches as [PlayerBranch];
    return (document) => checkBranch(docSegments, branch, getAtPath(document, [branch]));
  }
  return (document) => {
    for (const branch of branches) checkBranch(docSegments, branch, getAtPath(document, [branch]));
  };
}
