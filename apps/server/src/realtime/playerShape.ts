// The shape of a player's writes (docs/protocols/realtime.md §Rules): as Firebase's `.validate` rules judge the new
// data, a write by a player is judged on the document it would produce: every branch of players/{self} it touches
// must still fit that branch's schema (packages/protocol playerDocument.ts), or the write is refused with
// invalid_value naming the field, and changes nothing. Only the touched branches are parsed, and only for players:
// the server's own writes and every other branch cost nothing. A screen writing one field of a branch that fitted
// before the write (its status, its name) has only that field judged: see fieldFits below.

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

interface ZodDef {
  type: string;
  innerType?: { _zod: { def: ZodDef } };
  shape?: Record<string, unknown>;
  catchall?: unknown;
  checks?: unknown[];
}

interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

interface BranchShape {
  /**
   * The fields of a branch whose schema is a plain object (z.object: no check of the object as a whole, unknown
   * members tolerated): such a branch fits exactly when each known field does. Null for any other branch.
   */
  fields: Readonly<Record<string, FieldSchema>> | null;
  /**
   * The branch values (stored form) that fitted the schema. A stored document is never modified in place
   * (setAtPath copies the nodes it changes), so a branch object that fitted once fits for as long as it exists.
   */
  fitted: WeakSet<object>;
}

function plainObjectFields(branch: PlayerBranch): BranchShape['fields'] {
  let def = (PLAYER_BRANCH_SCHEMAS[branch] as unknown as { _zod: { def: ZodDef } })._zod.def;
  if (def.type === 'optional' && def.innerType !== undefined) def = def.innerType._zod.def;
  const plain = def.type === 'object' && def.catchall === undefined && (def.checks ?? []).length === 0;
  return plain ? (def.shape as Record<string, FieldSchema>) : null;
}

const SHAPES = new Map<PlayerBranch, BranchShape>(
  (Object.keys(PLAYER_BRANCH_SCHEMAS) as PlayerBranch[]).map((branch) => [
    branch,
    { fields: plainObjectFields(branch), fitted: new WeakSet() },
  ]),
);

// A member named like an array index may leave an object whose members are all indices: it reads back as an array.
const STARTS_WITH_DIGIT = /^[0-9]/;

function checkBranch(docSegments: readonly string[], branch: PlayerBranch, stored: RealtimeValue): void {
  const value = stored === null ? undefined : restoreArrays(stored);
  const parsed = PLAYER_BRANCH_SCHEMAS[branch].safeParse(value);
  if (parsed.success) {
    if (typeof stored === 'object' && stored !== null) SHAPES.get(branch)!.fitted.add(stored);
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

/** Whether a check found `branch` (a branch value, stored form) fitting its schema. */
function knownToFit(fitted: WeakSet<object>, branch: RealtimeValue): boolean {
  return typeof branch === 'object' && branch !== null && fitted.has(branch);
}

/**
 * Whether a set of `field` alone (the write's one path is branch/field) left the branch fitting, when the branch
 * before fitted: `schema` is the field's, null for a member the schema does not know (tolerated). False means "not
 * known": the whole branch is then parsed, which also gives the refusal its message.
 */
function fieldFits(field: string, schema: FieldSchema | null, after: RealtimeValue): boolean {
  // A removed member may leave an object that reads back as an array.
  if (typeof after !== 'object' || after === null || !hasOwn(after, field)) return false;
  return schema === null || schema.safeParse(restoreArrays(after[field]!)).success;
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
    const { fields, fitted } = SHAPES.get(branch)!;
    if (
      field !== undefined &&
      written[0]!.length === DOCUMENT_DEPTH + 2 &&
      fields !== null &&
      !STARTS_WITH_DIGIT.test(field)
    ) {
      const schema = hasOwn(fields, field) ? fields[field]! : null;
      const branchPath = [branch];
      // The branch this check last found fitting: a screen writing one field over and over writes each time on the
      // branch its previous write left, known without asking the WeakSet (whose add is most of a check's cost).
      let lastFitted: RealtimeValue = null;
      return (document, before) => {
        const after = getAtPath(document, branchPath);
        const prior = getAtPath(before, branchPath);
        if (prior !== null && prior === lastFitted) {
          if (!fieldFits(field, schema, after)) checkBranch(docSegments, branch, after);
        } else if (knownToFit(fitted, prior) && fieldFits(field, schema, after)) {
          fitted.add(after as object);
        } else {
          checkBranch(docSegments, branch, after); // adds it to `fitted` when it fits
        }
        lastFitted = after;
      };
    }
    return (document) => checkBranch(docSegments, branch, getAtPath(document, [branch]));
  }
  return (document) => {
    for (const branch of branches) checkBranch(docSegments, branch, getAtPath(document, [branch]));
  };
}
