// Values of the realtime database (docs/protocols/realtime.md §Paths and values): what may be written, and the one
// stored form both the client and the server keep.
//
// Stored form, as Firebase: a node is a string, a finite number, a boolean or an object of non-empty children.
// null means "absent": a null (or undefined) member is dropped and an object left without members is itself null.
// Arrays are stored as objects keyed '0', '1', … (null elements leave a gap); restoreArrays turns an object whose
// keys are all indices, and that is more than half full, back into an array when a value is read, so a manifest
// written with `items: [...]` reads back with `items: [...]`.

import { hasOwn } from './hasOwn';
import { MAX_STRING_BYTES } from './constants';
import {
  RealtimeValidationError,
  checkDepth,
  describePath,
  keyProblem,
  joinPath,
  validateKey,
  validatePath,
} from './realtimePath';
import { utf8ByteLength } from './utf8';

export type RealtimeLeaf = string | number | boolean;
export interface RealtimeObject {
  [key: string]: RealtimeNode;
}
/** A present node of the stored tree. */
export type RealtimeNode = RealtimeLeaf | RealtimeObject;
/** A stored value; null is absent. */
export type RealtimeValue = RealtimeNode | null;

/** A value as read by an application: the stored form with index-keyed objects turned back into arrays. */
export type RealtimeJson =
  string | number | boolean | null | RealtimeJson[] | { [key: string]: RealtimeJson };

// A type alias, not an interface, so that it is assignable to RealtimeObject's index signature.
export type ServerTimestamp = { readonly '.sv': 'timestamp' };

/** Written in place of a value, replaced by the server's clock in milliseconds when the write is applied. */
export const SERVER_TIMESTAMP: ServerTimestamp = Object.freeze({ '.sv': 'timestamp' });

const SERVER_VALUE_KEY = '.sv';

export function isServerTimestamp(value: unknown): value is ServerTimestamp {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 1 && keys[0] === SERVER_VALUE_KEY && (value as ServerTimestamp)['.sv'] === 'timestamp'
  );
}

type Location = string | readonly string[];

function locate(path: Location): string[] {
  if (typeof path === 'string') return validatePath(path);
  const segments = [...path];
  checkDepth(segments, 'invalid_path');
  // The parent is copied only for an error's message: a connection's every write comes this way.
  for (let index = 0; index < segments.length; index++) {
    if (keyProblem(segments[index]!) !== null) validateKey(segments[index]!, segments.slice(0, index));
  }
  return segments;
}

function invalid(segments: readonly string[], reason: string): RealtimeValidationError {
  return new RealtimeValidationError(
    'invalid_value',
    `Invalid value at path ${describePath(segments)}: ${reason}`,
    joinPath(segments),
  );
}

function typeName(value: object): string {
  const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? name : 'object';
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// One walk both validates and builds the stored form. `path` is a stack shared down the walk and copied only for
// an error message; `top` tells a top-level undefined (rejected) from a member (becomes null).
function normalize(value: unknown, path: string[], top: boolean): RealtimeValue {
  switch (typeof value) {
    case 'undefined':
      if (top) throw invalid(path, 'undefined cannot be written; use null to remove a value');
      return null;
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw invalid(path, `numbers must be finite (got ${String(value)})`);
      return value === 0 ? 0 : value; // -0 is stored as 0, as JSON would
    case 'string': {
      const bytes = utf8ByteLength(value, MAX_STRING_BYTES);
      if (bytes > MAX_STRING_BYTES) {
        throw new RealtimeValidationError(
          'too_large',
          `String at path ${describePath(path)} is larger than ${MAX_STRING_BYTES} bytes (UTF-8)`,
          joinPath(path),
        );
      }
      return value;
    }
    case 'function':
      throw invalid(path, 'functions cannot be written');
    case 'symbol':
      throw invalid(path, 'symbols cannot be written');
    case 'bigint':
      throw invalid(path, `bigints cannot be written (got ${value}n); use a number or a string`);
    case 'object':
      if (value === null) return null;
      return normalizeObject(value, path);
  }
  throw invalid(path, `unsupported type ${typeof value}`);
}

// ---- shared values: one stored form for a value written unchanged into many trees ----

/** Values marked by shareValue, with their stored forms by the depth they were validated at. */
const sharedValues = new WeakMap<object, Map<number, RealtimeValue>>();
/** Every object of a shared stored form, with its read form once restoreArrays built it. */
const sharedForms = new WeakMap<object, RealtimeJson | undefined>();

function deepFreeze<T>(value: T, register?: WeakMap<object, RealtimeJson | undefined>): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child, register);
  register?.set(value, undefined);
  return Object.freeze(value);
}

/**
 * Marks `value` as written unchanged into many trees (a timeline every screen of a group gets): its stored form is
 * validated and built once (per depth) and shared, deep-frozen, by every tree it is written into, and read forms and
 * hashes of it are built once too. `value` is deep-frozen, so it cannot change behind their back. Answers `value`.
 */
export function shareValue<T extends object>(value: T): T {
  if (!sharedValues.has(value)) sharedValues.set(value, new Map());
  return deepFreeze(value);
}

/** Whether `value` is (part of) a shared stored form: immutable, so what is derived from it may be kept. */
export function isSharedForm(value: object): boolean {
  return sharedForms.has(value);
}

function normalizeObject(value: object, path: string[]): RealtimeValue {
  const forms = sharedValues.get(value);
  if (forms === undefined) return buildObject(value, path);
  let form = forms.get(path.length);
  if (form === undefined) {
    form = deepFreeze(buildObject(value, path), sharedForms);
    forms.set(path.length, form);
  }
  return form;
}

function buildObject(value: object, path: string[]): RealtimeValue {
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) {
    throw invalid(path, `only plain objects and arrays can be written (got ${typeName(value)})`);
  }
  if (!isArray && hasOwn(value, SERVER_VALUE_KEY)) {
    if (!isServerTimestamp(value)) throw invalid(path, 'the only server value is {".sv":"timestamp"}');
    return SERVER_TIMESTAMP;
  }
  const keys = isArray
    ? Array.from({ length: value.length }, (_, index) => String(index))
    : Object.keys(value);
  const source = value as Record<string, unknown>;
  let result: RealtimeObject | null = null;
  for (const key of keys) {
    validateKey(key, path, 'invalid_value');
    path.push(key);
    checkDepth(path, 'invalid_value');
    const child = normalize(source[key], path, false);
    path.pop();
    if (child === null) continue;
    result ??= {};
    result[key] = child; // safe assignment: validateKey rejects '__proto__'
  }
  return result;
}

/**
 * Throws a RealtimeValidationError unless `value` may be written at `path` (a path string or its segments):
 * undefined at the top level, functions, symbols, bigints and non-finite numbers are 'invalid_value'; a bad key
 * inside an object is 'invalid_value' naming the key and its full path; a string over MAX_STRING_BYTES UTF-8 bytes
 * is 'too_large'; a value that reaches deeper than REALTIME_MAX_DEPTH levels from the root is 'invalid_value'.
 * Undefined members are allowed: they are written as null.
 */
export function validateValue(value: unknown, path: Location = []): void {
  normalize(value, locate(path), true);
}

/**
 * Validates like validateValue and returns the stored form: undefined members become null, and null members,
 * empty objects and empty arrays are dropped; arrays become index-keyed objects; -0 becomes 0; server timestamps
 * are kept for the server to resolve. The result is a fresh JSON value that shares no object with the input.
 */
export function normalizeForWrite(value: unknown, path: Location = []): RealtimeValue {
  return normalize(value, locate(path), true);
}

/** Replaces every server timestamp in a stored-form value by `nowMs`. Unchanged parts are shared, not copied. */
export function resolveServerValues(value: RealtimeValue, nowMs: number): RealtimeValue {
  if (value === null || typeof value !== 'object') return value;
  if (isServerTimestamp(value)) return nowMs;
  let result: RealtimeObject | null = null;
  for (const [key, child] of Object.entries(value)) {
    const resolved = resolveServerValues(child, nowMs);
    if (resolved !== child) {
      result ??= { ...value };
      result[key] = resolved as RealtimeNode;
    }
  }
  return result ?? value;
}

// Array indices as Firebase reads them back: canonical non-negative 32-bit integers.
const INDEX_KEY = /^(0|[1-9]\d{0,9})$/;
const MAX_INDEX = 2 ** 31 - 1;

/**
 * The value an application reads: objects whose keys are all array indices, with the highest index below twice
 * the number of keys, become arrays (missing indices read as null); everything else is unchanged.
 */
export function restoreArrays(value: RealtimeValue): RealtimeJson {
  if (value === null || typeof value !== 'object') return value;
  if (!sharedForms.has(value)) return buildReadForm(value);
  // A shared stored form reads the same everywhere: built once, frozen, and shared by every reader.
  let read = sharedForms.get(value);
  if (read === undefined) sharedForms.set(value, (read = deepFreeze(buildReadForm(value))));
  return read;
}

function buildReadForm(value: RealtimeObject): RealtimeJson {
  const keys = Object.keys(value);
  let maxIndex = -1;
  let allIndices = keys.length > 0;
  for (const key of keys) {
    if (!INDEX_KEY.test(key) || Number(key) > MAX_INDEX) {
      allIndices = false;
      break;
    }
    maxIndex = Math.max(maxIndex, Number(key));
  }
  if (allIndices && maxIndex < 2 * keys.length) {
    return Array.from({ length: maxIndex + 1 }, (_, index) => {
      const child = value[String(index)];
      return child === undefined ? null : restoreArrays(child);
    });
  }
  const result: { [key: string]: RealtimeJson } = {};
  for (const key of keys) result[key] = restoreArrays(value[key] as RealtimeNode);
  return result;
}
