// The shape of a player's writes (docs/protocols/realtime.md §Rules): as Firebase's `.validate` rules judge the new
// data, a write by a player is judged on the document it would produce: every branch of players/{self} it touches
// must still fit that branch's schema (packages/protocol playerDocument.ts), or the write is refused with
// invalid_value naming the field, and changes nothing. Only the touched branches are parsed, and only for players:
// the server's own writes and every other branch cost nothing. A screen writing one field of a branch that fitted
// before the write (its status, its name) has only that field judged: see fieldOnly below.

import {
  PLAYER_BRANCH_SCHEMAS,
  hasOwn,
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

/**
 * Per branch, the values (stored form) that fitted its schema. A stored document is never modified in place
 * (setAtPath copies the nodes it changes), so a branch object that fitted once fits for as long as it exists.
 */
const fitting = new Map(
  (Object.keys(PLAYER_BRANCH_SCHEMAS) as PlayerBranch[]).map((branch) => [branch, new WeakSet<object>()]),
);

interface ZodDef {
  type: string;
  innerType?: { _zod: { def: ZodDef } };
  shape?: Record<string, unknown>;
  catchall?: unknown;
  checks?: unknown[];
}

/**
 * The fields of a branch whose schema is a plain object (z.object: no check of the object as a whole, unknown
 * members tolerated): such a branch fits exactly when each known field does. Null for any other branch.
 */
function plainObjectFields(branch: PlayerBranch): Readonly<Record<string, FieldSchema>> | null {
  let def = (PLAYER_BRANCH_SCHEMAS[branch] as unknown as { _zod: { def: ZodDef } })._zod.def;
  if (def.type === 'optional' && def.innerType !== undefined) def = def.innerType._zod.def;
  const plain = def.type === 'object' && def.catchall === undefined && (def.checks ?? []).length === 0;
  return plain ? (def.shape as Record<string, FieldSchema>) : null;
}

interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

const STARTS_WITH_DIGIT = /^[0-9]/;

const FIELDS = new Map(
  (Object.keys(PLAYER_BRANCH_SCHEMAS) as PlayerBranch[]).map((branch) => [branch, plainObjectFields(branch)]),
);

function checkBranch(docSegments: readonly string[], branch: PlayerBranch, stored: RealtimeValue): void {
  const value = stored === null ? undefined : restoreArrays(stored);
  const parsed = PLAYER_BRANCH_SCHEMAS[branch].safeParse(value);
  if (parsed.success) {
    if (typeof stored === 'object' && stored !== null) fitting.get(branch)!.add(stored);
    return;
  }
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
 * Whether the write that turned `before` into `after` (branch values) left the branch fitting, judged on `field`
 * alone: true only when the branch is a plain object that fitted before and the write changed no other member
 * (the write's one path is branch/field). False means "not known": the whole branch is then parsed, which also
 * gives the refusal its message.
 */
function fieldOnly(
  branch: PlayerBranch,
  field: string,
  before: RealtimeValue,
  after: RealtimeValue,
): boolean {
  const fields = FIELDS.get(branch);
  const fitted = fitting.get(branch)!;
  if (fields == null || typeof before !== 'object' || before === null || !fitted.has(before)) return false;
  // A removed member, or one named like an array index, may leave an object that reads back as an array.
  if (typeof after !== 'object' || after === null || STARTS_WITH_DIGIT.test(field)) return false;
  if (!hasOwn(after, field)) return false;
  if (hasOwn(fields, field) && !fields[field]!.safeParse(restoreArrays(after[field]!)).success) return false;
  fitted.add(after);
  return true;
}

/**
 * The check of a write (WriteOptions.check) by `principal` at the absolute paths `written`, all inside one
 * document; undefined unless a player writes.
 */
export function playerShapeCheck(
  principal: Principal,
  written: readonly (readonly string[])[],
): ((document: RealtimeValue, before: RealtimeValue) => void) | undefined {
  if (principal.kind !== 'player' || written.length === 0) return undefined;
  const docSegments = written[0]!.slice(0, DOCUMENT_DEPTH);
  const branches: PlayerBranch[] = [];
  for (const segments of written) {
    const branch = segments[DOCUMENT_DEPTH];
    if (isPlayerBranch(branch) && !branches.includes(branch)) branches.push(branch);
  }
  if (branches.length === 1) {
    const [branch] = branches as [PlayerBranch];
    const field = written.length === 1 ? written[0]![DOCUMENT_DEPTH + 1] : undefined;
    if (field !== undefined && written[0]!.length === DOCUMENT_DEPTH + 2) {
      return (document, before) => {
        const after = getAtPath(document, [branch]);
        if (!fieldOnly(branch, field, getAtPath(before, [branch]), after))
          checkBranch(docSegments, branch, after);
      };
    }
    return (document) => checkBranch(docSegments, branch, getAtPath(document, [branch]));
  }
  return (document) => {
    for (const branch of branches) checkBranch(docSegments, branch, getAtPath(document, [branch]));
  };
}
