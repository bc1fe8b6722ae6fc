// Immutable operations on the stored form of the realtime tree (see realtimeValue.ts), shared by the server, which
// applies writes to a player's document, and the client, which applies its own writes before the server answers.

import { hasOwn } from './hasOwn';
import {
  RealtimeValidationError,
  checkDepth,
  describePath,
  joinPath,
  parsePath,
  validateKey,
  validatePath,
} from './realtimePath';
import type { RealtimeNode, RealtimeObject, RealtimeValue } from './realtimeValue';
import { normalizeForWrite } from './realtimeValue';

/** Slash-joined absolute paths (no leading slash) to stored-form values; null removes. */
export type FlatUpdate = Record<string, RealtimeValue>;

function isObjectNode(node: RealtimeValue | undefined): node is RealtimeObject {
  return typeof node === 'object' && node !== null;
}

function childOf(node: RealtimeValue, key: string): RealtimeValue {
  return isObjectNode(node) && hasOwn(node, key) ? (node[key] as RealtimeNode) : null;
}

/** The value at `segments` ([] is the root), or null when nothing is there. */
export function getAtPath(tree: RealtimeValue, segments: readonly string[]): RealtimeValue {
  let node = tree;
  for (const key of segments) {
    node = childOf(node, key);
    if (node === null) return null;
  }
  return node;
}

function isEmptyObject(value: RealtimeValue): boolean {
  return isObjectNode(value) && Object.keys(value).length === 0;
}

function setIn(
  node: RealtimeValue,
  segments: readonly string[],
  index: number,
  value: RealtimeValue,
): RealtimeValue {
  if (index === segments.length) return isEmptyObject(value) ? null : value;
  const key = segments[index] as string;
  const current = childOf(node, key);
  const next = setIn(current, segments, index + 1, value);
  if (next === current) return node;
  // Removing below a leaf leaves the leaf; writing below it replaces it with an object, as Firebase does.
  const copy: RealtimeObject = isObjectNode(node) ? { ...node } : {};
  if (next === null) {
    delete copy[key];
    return Object.keys(copy).length === 0 ? null : copy;
  }
  // A key named '__proto__' must stay an own member, never a prototype: defineProperty for it (and only it: plain
  // assignment keeps the copy a fast object and allocates no descriptor).
  if (key === '__proto__')
    Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  else copy[key] = next;
  return copy;
}

/**
 * A new tree with `value` (already in stored form, see normalizeForWrite) at `segments`. Null or an empty object
 * removes the node, and every ancestor left empty is removed with it. The input tree is never modified; the parts
 * off the path are shared, and an unchanged tree is returned as is.
 */
export function setAtPath(
  tree: RealtimeValue,
  segments: readonly string[],
  value: RealtimeValue,
): RealtimeValue {
  return setIn(tree, segments, 0, value);
}

/** Applies a flat update (see flattenUpdate) to `tree`: each path is set as setAtPath would, in key order. */
export function applyUpdate(tree: RealtimeValue, updates: Readonly<FlatUpdate>): RealtimeValue {
  let result = tree;
  for (const [path, value] of Object.entries(updates)) result = setAtPath(result, parsePath(path), value);
  return result;
}

/**
 * The multi-path update `updates` at `basePath` as absolute paths to stored-form values, like Firebase's update():
 * each key is a child path (it may contain slashes, 'a/b') and its value replaces that node whole; undefined
 * becomes null (remove). Rejects, with a RealtimeValidationError, a non-object update, an invalid path or value,
 * and two keys of which one is the other or its ancestor ('a' with 'a/b'), whose result would depend on order.
 */
export function flattenUpdate(basePath: string, updates: object): FlatUpdate {
  const base = validatePath(basePath);
  if (!isPlainObject(updates)) {
    throw new RealtimeValidationError(
      'invalid_value',
      `Invalid update at path ${describePath(base)}: an update must be an object of child paths to values`,
      joinPath(base),
    );
  }
  const flat: FlatUpdate = {};
  const keyOf = new Map<string, string>(); // absolute path → the update key naming it
  const written: string[][] = [];
  for (const [key, value] of Object.entries(updates)) {
    const relative = parsePath(key);
    if (relative.length === 0) {
      throw new RealtimeValidationError(
        'invalid_path',
        `Invalid update key ${JSON.stringify(key)} at path ${describePath(base)}: update keys must name a child path`,
        joinPath(base),
      );
    }
    const segments = [...base, ...relative];
    checkDepth(segments, 'invalid_path');
    relative.forEach((segment, index) => validateKey(segment, segments.slice(0, base.length + index)));
    const absolute = joinPath(segments);
    const same = keyOf.get(absolute); // 'a/b' and 'a//b' name one node
    if (same !== undefined) throw overlap(base, same, key);
    keyOf.set(absolute, key);
    written.push(segments);
    flat[absolute] = value === undefined ? null : normalizeForWrite(value, segments);
  }
  for (const segments of written) {
    for (let length = base.length + 1; length < segments.length; length++) {
      const ancestor = keyOf.get(joinPath(segments.slice(0, length)));
      if (ancestor !== undefined) throw overlap(base, ancestor, keyOf.get(joinPath(segments)) as string);
    }
  }
  return flat;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function overlap(base: readonly string[], ancestorKey: string, key: string): RealtimeValidationError {
  return new RealtimeValidationError(
    'invalid_path',
    `Invalid update at path ${describePath(base)}: keys ${JSON.stringify(ancestorKey)} and ${JSON.stringify(key)} ` +
      'overlap: an update cannot write a node together with its descendant or twice',
    joinPath(base),
  );
}
