// References: a database and a path, checked when made (same rules and messages as the hub), so a bad path fails
// where it is written. `.info/connected` and `.info/serverTimeOffset` are references too, read-only.

import { isInfoPath, joinPath, parsePath, validatePath } from '@marquee/protocol';
import { errorFromValidation } from '../errors';
import type { Database } from './database';

export interface DatabaseReference {
  readonly db: Database;
  /** Slash-joined path without a leading slash; '' is the root. */
  readonly path: string;
  /** The last segment; null for the root. */
  readonly key: string | null;
}

function makeRef(db: Database, segments: readonly string[]): DatabaseReference {
  return Object.freeze({
    db,
    path: joinPath(segments),
    key: segments.length === 0 ? null : (segments[segments.length - 1] as string),
  });
}

function checked(path: string): string[] {
  if (isInfoPath(path)) return parsePath(path);
  try {
    return validatePath(path);
  } catch (error) {
    throw errorFromValidation(error);
  }
}

/** A reference to `path` ('' or omitted: the root). Throws a RealtimeError INVALID_PATH for a bad path. */
export function ref(db: Database, path = ''): DatabaseReference {
  return makeRef(db, checked(path));
}

/** A reference to `path` below `parent` ('a/b' goes two levels down); nothing lies below `.info/…`. */
export function child(parent: DatabaseReference, path: string): DatabaseReference {
  try {
    return makeRef(parent.db, validatePath(joinPath([...parsePath(parent.path), ...parsePath(path)])));
  } catch (error) {
    throw errorFromValidation(error);
  }
}

/** The segments of a reference that may be written to (`.info/…` may not: INVALID_PATH). */
export function writableSegments(reference: DatabaseReference): string[] {
  try {
    return validatePath(reference.path);
  } catch (error) {
    throw errorFromValidation(error);
  }
}
